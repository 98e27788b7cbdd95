package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MarkdownTest {
  @Test
  void aCellHoldsOneLineAndNoColumnSeparator() {
    assertEquals("a \\| b", Markdown.cell("a | b"));
    assertEquals("one two three four", Markdown.cell("one\ntwo\r\nthree\rfour"));
    assertEquals("", Markdown.cell(null));
    assertEquals("p99Us<5 ms", Markdown.cell("p99Us<5 ms"));
  }
}
