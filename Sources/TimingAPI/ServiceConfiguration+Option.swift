extension ServiceConfiguration {
  /// One command-line option. Its environment variable is the flag's name in capitals
  /// (`--max-body-bytes`, `MAX_BODY_BYTES`), so each option is declared once, in `options`.
  struct Option: Sendable {
    /// What an option's value is, and where it goes.
    enum Setting: Sendable {
      /// Any text but the empty one.
      case text(WritableKeyPath<ServiceConfiguration, String> & Sendable)
      case integer(WritableKeyPath<ServiceConfiguration, Int> & Sendable, ClosedRange<Int>)
      /// Seconds in (0, 86400]: a day bounds every timeout.
      case seconds(WritableKeyPath<ServiceConfiguration, Double> & Sendable)
      /// Seconds in [0, 86400], where 0 turns the period off (the drain grace: idle connections
      /// closed at once, for clients that do not pool connections).
      case secondsOrNone(WritableKeyPath<ServiceConfiguration, Double> & Sendable)
      case logLevel
      /// A comma-separated list of origins (`scheme://host[:port]`), or `*`.
      case origins
    }

    let flag: String
    let setting: Setting
    let help: String

    init(_ flag: String, _ setting: Setting, _ help: String) {
      self.flag = flag
      self.setting = setting
      self.help = help
    }

    var environment: String {
      String(flag.dropFirst(2).uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// Sets the value, or says what is wrong with it.
    func apply(_ value: String, to configuration: inout ServiceConfiguration) -> String? {
      switch setting {
      case .text(let field):
        guard !value.isEmpty else { return "must not be empty" }
        configuration[keyPath: field] = value
      case .integer(let field, let range):
        guard let number = Int(value), range.contains(number) else {
          return "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
        }
        configuration[keyPath: field] = number
      case .seconds(let field), .secondsOrNone(let field):
        let allowsNone = if case .secondsOrNone = setting { true } else { false }
        guard let seconds = Double(value), seconds.isFinite, seconds <= 86_400,
          seconds > 0 || (allowsNone && seconds == 0)
        else {
          return allowsNone
            ? "must be a number of seconds in [0, 86400] (0: none)"
            : "must be a number of seconds in (0, 86400]"
        }
        configuration[keyPath: field] = seconds
      case .logLevel:
        guard let level = LogLevel(rawValue: value.lowercased()) else {
          return "must be debug, info, warning or error"
        }
        configuration.logLevel = level
      case .origins:
        let origins = value.split(separator: ",").map { $0.trimmingCharacters(in: " ") }.filter {
          !$0.isEmpty
        }
        guard !origins.isEmpty else { return "must list at least one origin, or *" }
        for origin in origins where origin != "*" {
          if let problem = CORSMiddleware.AllowedOrigins.problem(with: origin) { return problem }
        }
        configuration.api.corsOrigins = origins
      }
      return nil
    }
  }
}
