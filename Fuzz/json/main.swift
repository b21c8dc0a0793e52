import FuzzSupport
import TimingAPI

// The strict JSON parser on arbitrary bytes: either an error that points inside the input, or a
// value that the service's writer turns back into JSON that parses to the same value (numbers
// exactly: the writer's shortest-decimal printing must round-trip every double it is given) and
// that writes out to the same bytes again.
runFuzzer { input in
  let bytes = Array(input)
  let value: JSONValue
  do throws(JSONParseError) {
    value = try JSONParser.parse(bytes)
  } catch {
    require(error.offset >= 0 && error.offset <= bytes.count, "offset \(error.offset)")
    return
  }
  var writer = JSONWriter()
  writer.value(value)
  let written = writer.bytes
  let reparsed: JSONValue
  do throws(JSONParseError) {
    reparsed = try JSONParser.parse(written)
  } catch {
    require(false, "writer output does not parse (\(error.message)): \(describe(written))")
    return
  }
  require(reparsed == value, "round trip changed the value: \(describe(written))")
  var again = JSONWriter()
  again.value(reparsed)
  require(again.bytes == written, "writing twice differs: \(describe(again.bytes))")
}
