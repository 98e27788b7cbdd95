package io.loadlab.core.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.options.OptionSpec.Kind;
import io.loadlab.core.options.OptionSpec.Type;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionTableTest {
  private static final OptionSpec PROTOCOL =
      OptionSpec.value("protocol", "tcp|udp", Type.TEXT, "transport (default tcp)")
          .defaultValue("tcp")
          .docs("`tcp`", "the transport: tcp or udp");

  @Test
  void aRowEscapesThePipesOfItsCells() {
    assertEquals(
        "| `--protocol tcp\\|udp` | `tcp` | the transport: tcp or udp |", PROTOCOL.docsRow());
  }

  @Test
  void aRowShowsHowTheOptionIsGiven() {
    OptionSpec csv =
        OptionSpec.value("csv", "FILE", Type.OUTPUT, "csv")
            .kind(Kind.OPTIONAL_VALUE)
            .docs("none", "also write the CSV here");
    assertEquals("| `--csv [FILE]` | none | also write the CSV here |", csv.docsRow());
    OptionSpec help = OptionSpec.flag("help", "show this help").docs("", "the options");
    assertEquals("| `--help` | | the options |", help.docsRow());
    OptionSpec target =
        OptionSpec.value("target", "URL", Type.TEXT, "a database")
            .kind(Kind.REPEATABLE)
            .docsName("`--target URL` (run; repeatable)")
            .docs("embedded", "a database to drive");
    assertEquals(
        "| `--target URL` (run; repeatable) | embedded | a database to drive |", target.docsRow());
  }

  @Test
  void aTableIsItsOptionsInOrderUnderTheDocsHeader() {
    OptionTable t =
        OptionTable.of(PROTOCOL).plus(OptionSpec.flag("quiet", "q").docs("off", "quiet"));
    assertEquals(List.of("protocol", "quiet"), t.specs().stream().map(OptionSpec::name).toList());
    assertEquals(
        OptionTable.DOCS_HEADER + PROTOCOL.docsRow() + "\n| `--quiet` | off | quiet |\n",
        t.markdown());
    assertNull(t.get("port"));
    assertThrows(IllegalArgumentException.class, () -> t.require("port"));
  }

  @Test
  void anOptionIsDescribedOnceInATable() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> OptionTable.of(PROTOCOL, PROTOCOL));
    assertTrue(e.getMessage().contains("--protocol"), e.getMessage());
  }

  @Test
  void passwordFilesAndInputFilesAreFilesACommandReads() {
    OptionSpec pw =
        OptionSpec.value("password-file", "FILE", Type.PASSWORD_FILE, "pw").env("LOADLAB_X");
    assertTrue(pw.readsFile());
    assertEquals("LOADLAB_X", pw.env());
    assertTrue(OptionSpec.value("plan", "FILE", Type.INPUT_FILE, "plan").readsFile());
    assertFalse(OptionSpec.value("json", "FILE", Type.OUTPUT, "json").readsFile());
    assertFalse(PROTOCOL.campaignSets());
    assertTrue(PROTOCOL.setByCampaign().campaignSets());
  }
}
