package io.loadlab.core.ds2;

import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.schema.Ds2Sql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The words searches are made of: actor first and last names, title words and categories. DS2's
 * driver draws its searches from the same word lists its data generator used; a database built by
 * other means (DVD Store's own data files, another generator) uses other words, so loadlab learns
 * them from the database it drives: {@link #sample} reads a bounded random sample of products at
 * start and keeps their distinct words. Searches are then drawn the way DS2 draws them (a random
 * first name with a random last name; two random title words; a random category), so they hit as
 * often on any DS2-shaped database as DS2's driver does on its own data.
 *
 * <p>Immutable and thread-safe.
 */
public final class Ds2SearchTerms {
  /** Products read by default: enough to see every one of DS2's 200 names and 1000 words. */
  public static final int DEFAULT_SAMPLE = 5000;

  private static final int IN_LIST = 500;

  /** loadlab's own generator's words, for a database known to be loadlab's or for no database. */
  public static final Ds2SearchTerms GENERATOR = generator();

  private final String[] firstNames;
  private final String[] lastNames;
  private final String[] titleWords;
  private final int[] categories;
  private final int productsRead;

  private Ds2SearchTerms(
      List<String> firstNames,
      List<String> lastNames,
      List<String> titleWords,
      List<Integer> categories,
      int productsRead) {
    this.firstNames = firstNames.toArray(String[]::new);
    this.lastNames = lastNames.toArray(String[]::new);
    this.titleWords = titleWords.toArray(String[]::new);
    this.categories = categories.stream().mapToInt(Integer::intValue).toArray();
    this.productsRead = productsRead;
  }

  private static Ds2SearchTerms generator() {
    List<String> first = new ArrayList<>();
    List<String> last = new ArrayList<>();
    for (int i = 0; i < Ds2Vocabulary.ACTOR_NAMES; i++) {
      first.add(Ds2Vocabulary.firstName(i));
      last.add(Ds2Vocabulary.lastName(i));
    }
    List<String> words = new ArrayList<>();
    for (int i = 0; i < Ds2Vocabulary.TITLE_WORDS; i++) {
      words.add(Ds2Vocabulary.titleWord(i));
    }
    List<Integer> cats = new ArrayList<>();
    for (int i = 1; i <= Ds2Vocabulary.CATEGORIES.size(); i++) {
      cats.add(i);
    }
    return new Ds2SearchTerms(first, last, words, cats, 0);
  }

  /**
   * Learns the search words of the database on {@code c} from up to {@code maxProducts} products
   * picked at random by id (or the first ones if ids are sparse), and its categories. Falls back to
   * loadlab's generator words for a part the database has none of (an empty products table).
   *
   * @param seed seed of the product pick, so that runs with the same seed search the same words
   */
  public static Ds2SearchTerms sample(Connection c, SqlDialect dialect, int maxProducts, long seed)
      throws SQLException {
    Set<String> first = new LinkedHashSet<>();
    Set<String> last = new LinkedHashSet<>();
    Set<String> words = new LinkedHashSet<>();
    int[] read = {0};
    RowUse use =
        (actor, title) -> {
          read[0]++;
          String[] names = split(actor);
          if (names.length >= 2) {
            first.add(names[0]);
            last.add(names[names.length - 1]);
          } else if (names.length == 1) {
            last.add(names[0]);
          }
          for (String w : split(title)) {
            words.add(w);
          }
        };
    long min;
    long max;
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(Ds2Sql.of(dialect, "SELECT MIN(prod_id), MAX(prod_id) FROM products"))) {
      rs.next();
      min = rs.getLong(1);
      max = rs.getLong(2);
    }
    if (max > 0) {
      if (max - min + 1 <= maxProducts) {
        readAll(c, dialect, maxProducts, use);
      } else {
        readRandom(c, dialect, min, max, maxProducts, seed, use);
        if (read[0] < Math.min(100, maxProducts)) {
          readAll(c, dialect, maxProducts, use); // ids too sparse for picking by id
        }
      }
    }
    List<Integer> cats = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                Ds2Sql.of(dialect, "SELECT category FROM categories ORDER BY category"))) {
      while (rs.next()) {
        cats.add(rs.getInt(1));
      }
    }
    Ds2SearchTerms g = GENERATOR;
    if (first.isEmpty()) {
      first.addAll(List.of(g.firstNames));
    }
    if (last.isEmpty()) {
      last.addAll(List.of(g.lastNames));
    }
    if (words.isEmpty()) {
      words.addAll(List.of(g.titleWords));
    }
    if (cats.isEmpty()) {
      for (int cat : g.categories) {
        cats.add(cat);
      }
    }
    return new Ds2SearchTerms(
        new ArrayList<>(first), new ArrayList<>(last), new ArrayList<>(words), cats, read[0]);
  }

  private interface RowUse {
    void row(String actor, String title);
  }

  private static void readAll(Connection c, SqlDialect dialect, int limit, RowUse use)
      throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            Ds2Sql.of(dialect, "SELECT actor, title FROM products ORDER BY prod_id LIMIT ?"))) {
      ps.setInt(1, limit);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          use.row(rs.getString(1), rs.getString(2));
        }
      }
    }
  }

  private static void readRandom(
      Connection c, SqlDialect dialect, long min, long max, int count, long seed, RowUse use)
      throws SQLException {
    SplittableRandom rng = new SplittableRandom(seed);
    Set<Long> ids = new LinkedHashSet<>();
    while (ids.size() < count) {
      ids.add(rng.nextLong(min, max + 1));
    }
    StringBuilder sql = new StringBuilder("SELECT actor, title FROM products WHERE prod_id IN (");
    for (int i = 0; i < IN_LIST; i++) {
      sql.append(i == 0 ? "?" : ", ?");
    }
    sql.append(')');
    List<Long> all = new ArrayList<>(ids);
    try (PreparedStatement ps = c.prepareStatement(Ds2Sql.of(dialect, sql.toString()))) {
      for (int from = 0; from < all.size(); from += IN_LIST) {
        for (int i = 0; i < IN_LIST; i++) {
          // A short last chunk repeats its first id: IN ignores duplicates.
          ps.setLong(i + 1, all.get(Math.min(from + i, all.size() - 1)));
        }
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            use.row(rs.getString(1), rs.getString(2));
          }
        }
      }
    }
  }

  private static String[] split(String text) {
    if (text == null) {
      return new String[0];
    }
    String t = text.replaceAll("[^\\p{L}\\p{N}]+", " ").trim();
    return t.isEmpty() ? new String[0] : t.split(" ");
  }

  /** A random category id, as DS2 browses by category. */
  public int category(RandomGenerator rng) {
    return categories[rng.nextInt(categories.length)];
  }

  /** A random actor: a first name and a last name drawn independently, as DS2 does. */
  public String actor(RandomGenerator rng) {
    return firstNames[rng.nextInt(firstNames.length)]
        + " "
        + lastNames[rng.nextInt(lastNames.length)];
  }

  /** Two random title words, as DS2 searches titles. */
  public String title(RandomGenerator rng) {
    return titleWords[rng.nextInt(titleWords.length)]
        + " "
        + titleWords[rng.nextInt(titleWords.length)];
  }

  /** One line for logs and results: where the words came from and how many there are. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s: %d actor first names, %d last names, %d title words, %d categories",
        productsRead == 0 ? "loadlab's generator words" : "words of " + productsRead + " products",
        firstNames.length,
        lastNames.length,
        titleWords.length,
        categories.length);
  }
}
