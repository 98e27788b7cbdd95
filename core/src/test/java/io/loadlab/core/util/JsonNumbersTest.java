package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.core.failure.UsageException;
import org.junit.jupiter.api.Test;

class JsonNumbersTest {
  record Totals(long count) {}

  record Result(Totals totals) {}

  private static String refused(String json) {
    return assertThrows(UsageException.class, () -> JsonNumbers.check("r.json", json, "fix it"))
        .getMessage();
  }

  @Test
  void aNumberOutOfRangeIsNamedByItsField() {
    assertEquals(
        "r.json: totals.count (line 1, column 22): 99999999999999999999 is out of range; fix it",
        refused("{\"totals\": {\"count\": 99999999999999999999}}"));
    assertTrue(refused("[{\"a\": [1, 1e999]}]").startsWith("r.json: [0].a[1] "));
    String digits = refused("{\"score\": " + "9".repeat(1200) + "}");
    assertTrue(digits.startsWith("r.json: score ("), digits);
    assertTrue(digits.contains("more digits than any figure takes"), digits);
  }

  @Test
  void numbersInRangeAndTextThatIsNotJsonPass() {
    JsonNumbers.check("r.json", "{\"a\": 9223372036854775807, \"b\": 1.5e308, \"c\": -1}", "x");
    JsonNumbers.check("r.json", "{not json", "x"); // the caller's reader says where
  }

  @Test
  void describeTellsSyntaxFromRangeFromKind() {
    ObjectMapper m = new ObjectMapper();
    JsonProcessingException syntax =
        assertThrows(JsonProcessingException.class, () -> m.readTree("[\n  x"));
    assertEquals("not JSON at line 2, column 4", JsonNumbers.describe(syntax));
    JsonProcessingException range =
        assertThrows(
            JsonProcessingException.class,
            () -> m.readValue("{\"totals\": {\"count\": 99999999999999999999}}", Result.class));
    assertTrue(
        JsonNumbers.describe(range).startsWith("totals.count (line 1"),
        JsonNumbers.describe(range));
    assertTrue(JsonNumbers.describe(range).endsWith(": the number is out of range"));
    JsonProcessingException kind =
        assertThrows(
            JsonProcessingException.class,
            () -> m.readValue("{\"totals\": {\"count\": \"many\"}}", Result.class));
    assertTrue(
        JsonNumbers.describe(kind).endsWith(": a value of another kind is expected"),
        JsonNumbers.describe(kind));
  }
}
