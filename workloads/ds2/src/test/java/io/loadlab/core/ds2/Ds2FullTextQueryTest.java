package io.loadlab.core.ds2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The full-text query a search's words make, without a regular expression per search. */
class Ds2FullTextQueryTest {
  @Test
  void wordsAreRunsOfLettersAndNumbersJoinedForEachDatabase() {
    assertEquals("ANGEL & WAYNE", Ds2Transactions.fullTextQuery("ANGEL WAYNE", "", " & "));
    assertEquals("+ANGEL +WAYNE", Ds2Transactions.fullTextQuery("ANGEL WAYNE", "+", " "));
    assertEquals("O & BRIEN & R2D2", Ds2Transactions.fullTextQuery("  O'BRIEN--R2D2 ", "", " & "));
    assertEquals("Ærø & 東京 & Ⅻ", Ds2Transactions.fullTextQuery("Ærø/東京 Ⅻ!", "", " & "));
    assertEquals("", Ds2Transactions.fullTextQuery(" &|!() ", "", " & "));
    assertEquals("", Ds2Transactions.fullTextQuery("", "+", " "));
  }

  @Test
  void splitsAsTheRegularExpressionItReplacesDid() {
    Pattern notWord = Pattern.compile("[^\\p{L}\\p{N}]+");
    String[] samples = {"a b", "x--y  z", "élan ²vital", "𝔘𝔫𝔦 code", "tab\tsep\nline", "½ ⅓"};
    for (String s : samples) {
      String expected = String.join(" & ", notWord.matcher(s).replaceAll(" ").trim().split(" "));
      assertEquals(expected, Ds2Transactions.fullTextQuery(s, "", " & "), s);
    }
  }
}
