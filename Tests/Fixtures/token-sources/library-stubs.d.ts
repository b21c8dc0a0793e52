// Declarations of the two option types the TypeScript the tokens compiler writes
// (`?format=ts`) is typed by, written from the libraries' documentation so that `tsc --strict`
// checks the generated options' names and types: Motion's `Transition` (motion.dev/docs:
// "Transition options", "spring", "tween") and react-spring's `SpringConfig`
// (react-spring.dev/docs/advanced/config). Only the members those pages document.
declare module "motion" {
  export type BezierDefinition = readonly [number, number, number, number];
  export type EasingFunction = (t: number) => number;
  export type EasingName =
    | "linear"
    | "easeIn"
    | "easeOut"
    | "easeInOut"
    | "circIn"
    | "circOut"
    | "circInOut"
    | "backIn"
    | "backOut"
    | "backInOut"
    | "anticipate";
  export type Easing = BezierDefinition | EasingName | EasingFunction;
  export interface Transition {
    type?: "tween" | "spring" | "inertia" | "keyframes";
    duration?: number;
    delay?: number;
    ease?: Easing | Easing[];
    times?: number[];
    repeat?: number;
    stiffness?: number;
    damping?: number;
    mass?: number;
    velocity?: number;
    bounce?: number;
    visualDuration?: number;
    restSpeed?: number;
    restDelta?: number;
  }
}

declare module "@react-spring/web" {
  export interface SpringConfig {
    mass?: number;
    tension?: number;
    friction?: number;
    clamp?: boolean;
    precision?: number;
    velocity?: number | number[];
    duration?: number;
    easing?: (t: number) => number;
    frequency?: number;
    damping?: number;
    round?: number;
    bounce?: number;
    restVelocity?: number;
    decay?: boolean | number;
    progress?: number;
  }
}
