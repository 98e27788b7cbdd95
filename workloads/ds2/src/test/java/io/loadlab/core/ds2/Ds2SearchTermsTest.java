package io.loadlab.core.ds2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.database.TestPostgres;
import io.loadlab.core.ds2.load.Ds2Check;
import io.loadlab.core.ds2.load.Ds2Loader;
import java.sql.Connection;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Searches take their words from the database they run against: on a database built the way DVD
 * Store's own scripts build it, with words unlike loadlab's generator's, they hit about as often as
 * the same searches on loadlab's own data.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class Ds2SearchTermsTest {
  static final Ds2Size SIZE = Ds2Size.SMALL;
  static final int SEARCHES = 1200;

  /** Hits per kind of search, out of {@link #SEARCHES} each. */
  record Hits(int category, int actor, int title) {
    int all() {
      return category + actor + title;
    }
  }

  static Hits search(DatabaseTarget db, Ds2SearchTerms terms, int searches) throws Exception {
    SplittableRandom rng = new SplittableRandom(11);
    int[] hits = new int[3];
    try (Connection c = db.connect();
        Ds2Transactions tx = new Ds2Transactions(c, SqlDialect.POSTGRESQL)) {
      for (int i = 0; i < searches; i++) {
        int batch = Ds2RandomData.aroundAverage(rng, 5);
        hits[0] += tx.browseByCategory(terms.category(rng), batch).hit() ? 1 : 0;
        hits[1] += tx.browseByActor(terms.actor(rng), batch).hit() ? 1 : 0;
        hits[2] += tx.browseByTitle(terms.title(rng), batch).hit() ? 1 : 0;
      }
    }
    return new Hits(hits[0], hits[1], hits[2]);
  }

  static Ds2SearchTerms sample(DatabaseTarget db) throws Exception {
    try (Connection c = db.connect()) {
      return Ds2SearchTerms.sample(c, SqlDialect.POSTGRESQL, Ds2SearchTerms.DEFAULT_SAMPLE, 3);
    }
  }

  @Test
  void aDs2BuiltDatabaseWithOtherWordsIsSearchedWithItsOwnWords() throws Exception {
    DatabaseTarget own = TestPostgres.newDatabase("words_own");
    new Ds2Loader(own, line -> {}).load(new Ds2Loader.Settings(SIZE, 5, 2, false));
    DatabaseTarget ds2 = TestPostgres.newDatabase("words_ds2");
    Ds2ShapedDatabase.build(ds2, SIZE, 7);
    try (Connection c = ds2.connect()) {
      assertTrue(Ds2Check.check(c, SIZE).ok(), "the DS2-built database passes ds2 check");
    }

    // Before: loadlab's generator words on loadlab's data.
    Hits before = search(own, Ds2SearchTerms.GENERATOR, SEARCHES);
    // The generator's words find no actor or title in the other database: the reported bug.
    Hits wrongWords = search(ds2, Ds2SearchTerms.GENERATOR, 300);
    assertEquals(0, wrongWords.actor() + wrongWords.title(), "loadlab's words are not DS2's");

    Ds2SearchTerms ds2Terms = sample(ds2);
    assertTrue(
        ds2Terms.describe().contains("200 actor first names, 200 last names"), ds2Terms.describe());
    Hits onDs2 = search(ds2, ds2Terms, SEARCHES);
    Hits onOwn = search(own, sample(own), SEARCHES);
    String all = "before " + before + ", on DS2's " + onDs2 + ", own sampled " + onOwn;
    assertTrue(onDs2.all() >= 0.9 * before.all(), all);
    assertTrue(onDs2.actor() >= 0.9 * before.actor(), all);
    assertTrue(onDs2.title() > 0, all);
    // Loadlab's own data is searched as before.
    assertTrue(onOwn.all() >= 0.9 * before.all() && onOwn.all() <= 1.1 * before.all(), all);
  }

  @Test
  void sparseOrEmptyProductsFallBackWithoutFailing() throws Exception {
    DatabaseTarget db = TestPostgres.newDatabase("words_sparse");
    try (Connection c = db.connect();
        var s = c.createStatement()) {
      s.execute("CREATE TABLE products (prod_id INT, title TEXT, actor TEXT)");
      s.execute("CREATE TABLE categories (category INT)");
      Ds2SearchTerms empty = Ds2SearchTerms.sample(c, SqlDialect.POSTGRESQL, 100, 1);
      assertTrue(empty.describe().startsWith("loadlab's generator words"), empty.describe());
      // Two products with ids far apart: picked by id they are missed, so the first rows are read.
      s.execute(
          "INSERT INTO products VALUES (1, 'ALPHA BETA', 'ANN LEE'), (900000, 'GAMMA', 'BO')");
      Ds2SearchTerms sparse = Ds2SearchTerms.sample(c, SqlDialect.POSTGRESQL, 100, 1);
      assertTrue(sparse.describe().startsWith("words of 2 products"), sparse.describe());
      assertTrue(
          sparse.title(new SplittableRandom(1)).matches("(ALPHA|BETA|GAMMA) (ALPHA|BETA|GAMMA)"));
      assertEquals(16, Ds2Vocabulary.CATEGORIES.size());
      assertTrue(sparse.category(new SplittableRandom(1)) >= 1, "categories fall back to 1..16");
    }
  }
}
