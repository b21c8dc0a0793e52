import Testing

@testable import TimingAPI

/// Where a JSON syntax error is: line and column as an editor shows them, and the byte offset.
/// Each expected position is counted by hand in the comment beside it: lines from 1 (LF, CR
/// and CRLF each one break), columns from 1 in Unicode scalars, bytes from 0 in UTF-8.
@Suite struct JSONTextPositionTests {
  func failure(_ text: String) -> JSONParseError? {
    do throws(JSONParseError) {
      _ = try JSONParser.parse(Array(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  /// `@` after CRLF and a line of two-byte letters: line 1 `{"name": "héllo wörld",` is 23
  /// scalars and 25 bytes, CRLF 2 bytes, then ` "x": ` is 6 bytes: `@` is byte 33, line 2,
  /// column 7.
  @Test func crlfIsOneLineBreakAndBytesAreNotColumns() throws {
    let error = try #require(failure("{\"name\": \"héllo wörld\",\r\n \"x\": @}"))
    #expect(error.message == "unexpected character; expected a JSON value")
    #expect(error.position == JSONTextPosition(offset: 33, line: 2, column: 7))
  }

  /// Multibyte text before the error on its own line: `{"a": "ünï", ` is 13 scalars and 15
  /// bytes (ü and ï two each), so the `é` where a member name should be is column 14, byte 15.
  @Test func multibyteTextBeforeTheErrorOnItsLine() throws {
    let error = try #require(failure("{\"a\": \"ünï\", é}"))
    #expect(error.message == "expected a member name")
    #expect(error.position == JSONTextPosition(offset: 15, line: 1, column: 14))
  }

  /// A scalar outside the Basic Multilingual Plane (4 bytes in UTF-8) is one column:
  /// `["😀" x]` has `x` at column 6 (`[`, `"`, 😀, `"`, space) and byte 8 (1 + 1 + 4 + 1 + 1).
  @Test func anEmojiIsOneColumn() throws {
    let error = try #require(failure("[\"😀\" x]"))
    #expect(error.message == "expected ',' or ']'")
    #expect(error.position == JSONTextPosition(offset: 8, line: 1, column: 6))
  }

  /// CR alone, CRLF and LF are each one break: `[1,` CR (line 2) CRLF (line 3) `2,` LF (line
  /// 4) then ` x`: `x` is line 4, column 2, byte 10 (3 + 1 + 2 + 2 + 1 + 1).
  @Test func everyKindOfLineBreak() throws {
    let error = try #require(failure("[1,\r\r\n2,\n x]"))
    #expect(error.position == JSONTextPosition(offset: 10, line: 4, column: 2))
  }

  /// The end of the text: `{"a": ` ends at byte 6, line 1, column 7; and the first byte is
  /// line 1, column 1.
  @Test func atTheEndAndAtTheStart() throws {
    #expect(failure("{\"a\": ")?.position == JSONTextPosition(offset: 6, line: 1, column: 7))
    #expect(failure("}")?.position == JSONTextPosition(offset: 0, line: 1, column: 1))
  }

  /// Over HTTP: the detail says line, column and byte, and the problem carries them as
  /// members. Line 2 is `  "sämple": é`: `é` is the 13th scalar (ä one column), and byte 28
  /// (`{"layers": [],` 14 bytes, LF 1, then 13 bytes with ä two).
  @Test func theProblemSaysWhere() throws {
    let response = ServiceHarness().postJSON(
      "/v1/timelines", "{\"layers\": [],\n  \"sämple\": é}")
    #expect(response.status == 400)
    #expect(response.problemType == "malformed-json")
    #expect(
      response.json["detail"] as? String
        == "the body is not valid JSON: unexpected character; expected a JSON value at line 2, column 13 (byte 28)"
    )
    #expect(response.json["line"] as? Int == 2)
    #expect(response.json["column"] as? Int == 13)
    #expect(response.json["offset"] as? Int == 28)
  }
}
