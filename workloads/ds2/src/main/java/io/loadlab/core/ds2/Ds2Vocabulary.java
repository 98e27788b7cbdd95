package io.loadlab.core.ds2;

import java.util.List;

/**
 * The words DS2 data is made of, shared by the data generator and the workload so that searches
 * find what was loaded: 1000 title words, 200 actor first names and 200 last names, and the 16
 * categories. The words are loadlab's own, built from syllables: deterministic, pronounceable and
 * distinct.
 */
public final class Ds2Vocabulary {
  /** Number of title words. */
  public static final int TITLE_WORDS = 1000;

  /** Number of actor first names and of last names. */
  public static final int ACTOR_NAMES = 200;

  /** The 16 categories, in id order (id = index + 1). */
  public static final List<String> CATEGORIES =
      List.of(
          "Action",
          "Animation",
          "Children",
          "Classics",
          "Comedy",
          "Documentary",
          "Drama",
          "Family",
          "Foreign",
          "Games",
          "Horror",
          "Music",
          "New",
          "Sci-Fi",
          "Sports",
          "Travel");

  private static final String CONSONANTS = "BDFGKLMNPRSTVZ";
  private static final String VOWELS = "AEIOU";
  private static final int SYLLABLES = CONSONANTS.length() * VOWELS.length(); // 70

  private static final String[] TITLE = new String[TITLE_WORDS];
  private static final String[] FIRST = new String[ACTOR_NAMES];
  private static final String[] LAST = new String[ACTOR_NAMES];

  static {
    for (int i = 0; i < TITLE_WORDS; i++) {
      TITLE[i] = syllable(i % SYLLABLES) + syllable((i / SYLLABLES) * 4 + 1) + "N";
    }
    for (int i = 0; i < ACTOR_NAMES; i++) {
      FIRST[i] = capital(syllable((i * 3) % SYLLABLES) + syllable(i / SYLLABLES + 7).toLowerCase());
      LAST[i] =
          capital(
              syllable((i * 11) % SYLLABLES) + syllable(i / SYLLABLES + 30).toLowerCase() + "ster");
    }
  }

  private Ds2Vocabulary() {}

  private static String syllable(int n) {
    int k = Math.floorMod(n, SYLLABLES);
    return "" + CONSONANTS.charAt(k / VOWELS.length()) + VOWELS.charAt(k % VOWELS.length());
  }

  private static String capital(String s) {
    return s.charAt(0) + s.substring(1).toLowerCase();
  }

  /** Title word {@code i} (0..999), upper case as in DS2. */
  public static String titleWord(int i) {
    return TITLE[i];
  }

  /** Actor first name {@code i} (0..199). */
  public static String firstName(int i) {
    return FIRST[i];
  }

  /** Actor last name {@code i} (0..199). */
  public static String lastName(int i) {
    return LAST[i];
  }

  /** The title of product {@code prodId}: two title words chosen by the id, as DS2 does. */
  public static String productTitle(int prodId) {
    return TITLE[(prodId / TITLE_WORDS) % TITLE_WORDS] + " " + TITLE[prodId % TITLE_WORDS];
  }
}
