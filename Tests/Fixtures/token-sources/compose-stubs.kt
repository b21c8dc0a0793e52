// Declarations of the Jetpack Compose animation API that the Kotlin the tokens compiler writes
// (`?format=kotlin`) uses, written from its reference documentation
// (developer.android.com/reference/kotlin/androidx/compose/animation/core: Easing,
// CubicBezierEasing, SpringSpec, TweenSpec, spring(), tween()) with their parameter names,
// types and defaults, so that kotlinc checks the generated calls against them. Bodies are
// placeholders: nothing here runs. Compose's Easing is a `fun interface` (Kotlin 1.4); the
// generated code only implements it, which a plain interface checks the same way in Kotlin 1.3.
package androidx.compose.animation.core

interface Easing {
    fun transform(fraction: Float): Float
}

class CubicBezierEasing(
    private val a: Float,
    private val b: Float,
    private val c: Float,
    private val d: Float
) : Easing {
    override fun transform(fraction: Float): Float = fraction
}

val LinearEasing: Easing = CubicBezierEasing(0f, 0f, 1f, 1f)
val FastOutSlowInEasing: Easing = CubicBezierEasing(0.4f, 0.0f, 0.2f, 1.0f)

interface AnimationSpec<T>

class SpringSpec<T>(
    val dampingRatio: Float = 1f,
    val stiffness: Float = 1500f,
    val visibilityThreshold: T? = null
) : AnimationSpec<T>

class TweenSpec<T>(
    val durationMillis: Int = 300,
    val delay: Int = 0,
    val easing: Easing = FastOutSlowInEasing
) : AnimationSpec<T>

fun <T> spring(
    dampingRatio: Float = 1f,
    stiffness: Float = 1500f,
    visibilityThreshold: T? = null
): SpringSpec<T> = SpringSpec(dampingRatio, stiffness, visibilityThreshold)

fun <T> tween(
    durationMillis: Int = 300,
    delayMillis: Int = 0,
    easing: Easing = FastOutSlowInEasing
): TweenSpec<T> = TweenSpec(durationMillis, delayMillis, easing)
