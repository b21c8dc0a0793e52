import TimingEngine

/// What the API layer can be told from the command line (design.md "Configuration").
public struct APIConfiguration: Sendable {
  /// Origins allowed to call from a browser; `["*"]` allows any (the API carries no
  /// credentials, so that is the default).
  public var corsOrigins: [String] = ["*"]
  /// Most points one timing-function request may evaluate.
  public var maxPointsPerRequest = 10_000
  /// Most numbers one timeline may produce (samples × the components of every sampled key path
  /// of every layer): about 8 bytes each in memory and 10–20 in JSON.
  public var maxTimelineValues = 5_000_000
  /// Most sample times in one timeline request (`--max-samples`), both ends of a range counted:
  /// 100 s at 1000 fps is 100 001. Each time is 8 bytes in the plan plus its row of values, which
  /// `maxTimelineValues` bounds separately.
  public var maxSamples = 100_000
  /// The work budget of one request (`WorkBudget`, units of about 10 ns of one core): decoding,
  /// planning, the script, sampling and export together. With this default the slowest
  /// requests we could build within the default body cap answer or are refused in at most
  /// ~0.55 s of CPU on the reference machine, and the standard timing-bench scene (44 million
  /// units) answers (docs/performance.md, "Work budget").
  public var maxWorkUnits = 60_000_000
  /// `POST /v1/batch` (api.md "Batch"): the largest body (the transport's limit for that path,
  /// `--max-batch-bytes`), the most lines, and the longest a batch runs — set from the drain
  /// timeout, less the second the slowest line may take after it (a second less again, and the
  /// drain grace, for a batch begun while the server drains), so a rolling restart never cuts a
  /// batch short.
  public var maxBatchBytes = 16 << 20
  public var maxBatchLines = 100_000
  /// A batch line's body, at most what the same request alone may send (`--max-body-bytes`).
  public var maxLineBodyBytes = 1 << 20
  public var batchSeconds = 9.0
  /// The Lottie routes' largest body (docs/lottie.md; the transport's limit for their paths,
  /// `--max-lottie-bytes`): real files pass 1 MiB, a long character animation 5.
  public var maxLottieBytes = 8 << 20
  public var drainingBatchSeconds = 3.0

  public init() {}

  /// A fresh budget for one request.
  var workBudget: WorkBudget { WorkBudget(limit: maxWorkUnits) }
}
