package io.loadlab.core.ds2;

import java.util.random.RandomGenerator;

/**
 * Random DS2 values drawn the way DS2 draws them: customers (US or rest of world), actor names and
 * title words for searches, and products weighted towards the hot sellers. Shared by the data
 * generator and the workload.
 */
public final class Ds2RandomData {
  /** The US states (and DC) DS2 customers live in. */
  static final String[] STATES = {
    "AK", "AL", "AR", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "HI", "IA", "ID", "IL", "IN",
    "KS", "KY", "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ",
    "NM", "NV", "NY", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VT", "WA",
    "WI", "WV", "WY"
  };

  /** The countries of rest-of-world customers. */
  static final String[] COUNTRIES = {
    "Australia",
    "Canada",
    "Chile",
    "China",
    "France",
    "Germany",
    "Japan",
    "Russia",
    "South Africa",
    "UK"
  };

  private Ds2RandomData() {}

  /** {@code n} random upper-case letters. */
  public static String letters(RandomGenerator rng, int n) {
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = (char) ('A' + rng.nextInt(26));
    }
    return new String(c);
  }

  /** {@code n} random digits. */
  public static String digits(RandomGenerator rng, int n) {
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = (char) ('0' + rng.nextInt(10));
    }
    return new String(c);
  }

  /**
   * A random customer.
   *
   * @param us a US customer (region 1) or one from the rest of the world (region 2)
   */
  public static Ds2Customer customer(
      RandomGenerator rng, boolean us, String username, String password) {
    String first = letters(rng, 6);
    String last = letters(rng, 10);
    String city = letters(rng, 7);
    String phone = digits(rng, 10);
    String state = us ? STATES[rng.nextInt(STATES.length)] : "";
    String zip = us ? Integer.toString(10000 + rng.nextInt(90000)) : "0";
    String country = us ? "US" : COUNTRIES[rng.nextInt(COUNTRIES.length)];
    int cardType = 1 + rng.nextInt(5);
    String card = digits(rng, 16);
    int year = 2008 + rng.nextInt(5);
    int month = 1 + rng.nextInt(12);
    // Not String.format: it was 2% of a DS2 client's CPU (parsing the pattern per customer).
    String expiration = year + (month < 10 ? "/0" : "/") + month;
    int age = 18 + rng.nextInt(73);
    int income = 20000 * (1 + rng.nextInt(5));
    String gender = rng.nextBoolean() ? "M" : "F";
    return new Ds2Customer(
        first,
        last,
        phone + " Dell Way",
        "",
        city,
        state,
        zip,
        country,
        us ? 1 : 2,
        last + "@dell.com",
        phone,
        cardType,
        card,
        expiration,
        username,
        password,
        age,
        income,
        gender);
  }

  /** A random actor name: first and last name from the vocabulary. */
  public static String actor(RandomGenerator rng) {
    return Ds2Vocabulary.firstName(rng.nextInt(Ds2Vocabulary.ACTOR_NAMES))
        + " "
        + Ds2Vocabulary.lastName(rng.nextInt(Ds2Vocabulary.ACTOR_NAMES));
  }

  /** Two random title words, as DS2 searches titles. */
  public static String titleWords(RandomGenerator rng) {
    return Ds2Vocabulary.titleWord(rng.nextInt(Ds2Vocabulary.TITLE_WORDS))
        + " "
        + Ds2Vocabulary.titleWord(rng.nextInt(Ds2Vocabulary.TITLE_WORDS));
  }

  /**
   * A random product id in 1..products, where every 10,000th product (a hot seller) is ten times as
   * likely as the others, as in DS2's purchase mix.
   */
  public static int product(RandomGenerator rng, int products) {
    int hot = products / 10_000;
    int r = rng.nextInt(products + 9 * hot);
    if (r < products) {
      return r + 1;
    }
    return ((r - products) / 9 + 1) * 10_000;
  }

  /** Uniform in 1..2n-1, DS2's way of drawing a count around the average {@code n}. */
  public static int aroundAverage(RandomGenerator rng, int n) {
    return 1 + rng.nextInt(2 * n - 1);
  }
}
