package io.loadlab.core.ds2.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.load.Ds2CsvExport;
import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Ds2DataGeneratorTest {
  @Test
  void sizesFollowDs2() {
    assertEquals(new Ds2Size("10MB", 20_000, 1_000, 10_000), Ds2Size.parse("--db-size", "10mb"));
    assertEquals(Ds2Size.MEDIUM, Ds2Size.parse("--db-size", "1GB"));
    assertEquals(Ds2Size.LARGE, Ds2Size.parse("--db-size", "100GB"));
    Ds2Size fourGb = Ds2Size.parse("--db-size", "4GB");
    assertEquals(8_000_000, fourGb.customers());
    assertEquals(400_000, fourGb.ordersPerMonth());
    assertEquals(40_000, fourGb.products());
    assertEquals(2_000, Ds2Size.parse("--db-size", "1MB").customers());
    UsageException e = assertThrows(UsageException.class, () -> Ds2Size.parse("--db-size", "4TB"));
    assertEquals(
        "--db-size: '4TB' is not a DS2 size; use 10MB, 1GB, 100GB or e.g. 4GB, 30MB",
        e.getMessage());
  }

  @Test
  void rowCountsOfTheSmallestSize(@TempDir Path dir) throws Exception {
    Ds2DataGenerator gen = new Ds2DataGenerator(Ds2Size.SMALL, 7);
    Ds2CsvExport.write(gen, dir, 2);
    assertEquals(20_000, lines(dir.resolve("customers.csv")));
    assertEquals(10_000, lines(dir.resolve("products.csv")));
    assertEquals(12_000, lines(dir.resolve("orders.csv")));
    assertEquals(10_000, lines(dir.resolve("inventory.csv")));
    assertEquals(16, lines(dir.resolve("categories.csv")));
    assertEquals(lines(dir.resolve("orderlines.csv")), lines(dir.resolve("cust_hist.csv")));
  }

  @Test
  void sameSeedSameDataWhateverTheThreads() throws Exception {
    Ds2Size size = Ds2Size.parse("--db-size", "3MB");
    String a = Ds2CsvExport.checksum(new Ds2DataGenerator(size, 42), 1);
    String b = Ds2CsvExport.checksum(new Ds2DataGenerator(size, 42), 3);
    String c = Ds2CsvExport.checksum(new Ds2DataGenerator(size, 43), 2);
    assertEquals(a, b);
    assertNotEquals(a, c);
  }

  private static long lines(Path p) throws Exception {
    try (Stream<String> s = Files.lines(p)) {
      return s.count();
    }
  }
}
