package io.loadlab.core.jtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class JtlImporterTest {
  @TempDir Path dir;

  private static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
          + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n";

  @Test
  void countsPerLabelAsJMeterDoesWithQuotedFieldsAndErrors() throws Exception {
    StringBuilder jtl = new StringBuilder(HEADER);
    long t0 = 1_700_000_000_000L;
    for (int i = 0; i < 3000; i++) {
      long t = t0 + i * 2L;
      jtl.append(t)
          .append(',')
          .append(10 + i % 50)
          .append(",home page,200,OK,users 1-1,text,true,,1000,120,1,1,http://x/,9,0,1\n");
      if (i % 100 == 0) {
        jtl.append(t)
            .append(",5,\"search, \"\"quoted\"\"\",500,\"Internal, error\",users 1-2,text,false,")
            .append("\"line one\nline two\",10,20,1,1,http://x/s,5,0,0\n");
      }
    }
    Path file = Files.writeString(dir.resolve("run.jtl"), jtl);
    RunResult r = JtlImporter.read(file, "qa").result();
    assertEquals("jmeter", r.workload());
    OperationStats home = r.totals().get("home page");
    assertEquals(3000, home.count());
    assertEquals(0, home.errors());
    assertEquals(10_000, home.latencyUs().min(), 1e-9);
    assertEquals(59_000, home.latencyUs().max(), 60);
    OperationStats search = r.totals().get("search, \"quoted\"");
    assertEquals(30, search.count());
    assertEquals(30, search.errors());
    assertEquals(30L, search.errorKinds().get("500"));
    assertEquals("line one\nline two", r.problems().get(0).message());
    long intervalCounts =
        r.intervals().stream()
            .mapToLong(i -> i.operations().values().stream().mapToLong(OperationStats::count).sum())
            .sum();
    assertEquals(3030, intervalCounts, "every sample is in one interval");
    assertTrue(r.intervals().size() >= 6, "one-second intervals over 6 s: " + r.intervals().size());
  }

  @Test
  void aFileWithoutHeaderUsesJMetersDefaultColumns() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("noheader.jtl"),
            "1700000000000,12,a,200,OK,t 1-1,text,true,,10,5,1,1,,3,0,1\n"
                + "1700000000500,14,a,200,OK,t 1-1,text,true,,10,5,1,1,,3,0,1\n");
    assertEquals(2, JtlImporter.read(file, null).result().totals().get("a").count());
  }

  @Test
  void badInputIsOneLineNamingTheFix() throws Exception {
    Path xml = Files.writeString(dir.resolve("x.jtl"), "<?xml version=\"1.0\"?>\n<testResults>\n");
    UsageException e = assertThrows(UsageException.class, () -> JtlImporter.read(xml, null));
    assertTrue(e.getMessage().contains("output_format=csv"), e.getMessage());
    Path dates =
        Files.writeString(
            dir.resolve("d.jtl"),
            HEADER + "2026/11/24 10:00:00,12,a,200,OK,t,text,true,,1,1,1,1,,1,0,0\n");
    e = assertThrows(UsageException.class, () -> JtlImporter.read(dates, null));
    assertTrue(e.getMessage().contains("line 2: timeStamp"), e.getMessage());
    assertTrue(e.getMessage().contains("timestamp_format=ms"), e.getMessage());
    e = assertThrows(UsageException.class, () -> JtlImporter.read(dir.resolve("none.jtl"), null));
    assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    Path empty = Files.writeString(dir.resolve("e.jtl"), HEADER);
    e = assertThrows(UsageException.class, () -> JtlImporter.read(empty, null));
    assertTrue(e.getMessage().contains("holds no samples"), e.getMessage());
  }
}
