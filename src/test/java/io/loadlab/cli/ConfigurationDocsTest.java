package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.Option;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md and the commands' --help agree: every option is in both; and where a
 * command's options are described ({@link OptionSpec}), its table in docs/configuration.md is the
 * one the descriptions make, row for row, and each default is the one its help names.
 */
class ConfigurationDocsTest {
  private static final Pattern DOC_OPTION = Pattern.compile("`--([a-z0-9][a-z0-9-]*)");

  private static String commandLineDocs() throws Exception {
    Path docs = Path.of(System.getProperty("user.dir")).resolve("../docs/configuration.md");
    if (!Files.exists(docs)) {
      docs = Path.of("docs/configuration.md");
    }
    String text = Files.readString(docs);
    int jmeter = text.indexOf("\n## JMeter plugin");
    return jmeter < 0 ? text : text.substring(0, jmeter);
  }

  @Test
  void everyOptionInHelpIsDocumented() throws Exception {
    String docs = commandLineDocs();
    List<String> missing = new ArrayList<>();
    for (Command c : Commands.all()) {
      for (Option o : Help.optionsOf(c).getOptions()) {
        if (!docs.contains("`--" + o.getLongOpt())) {
          missing.add(String.join(" ", c.path()) + " --" + o.getLongOpt());
        }
      }
    }
    assertTrue(missing.isEmpty(), "options missing from docs/configuration.md: " + missing);
  }

  @Test
  void everyDocumentedOptionExists() throws Exception {
    Set<String> known = new TreeSet<>();
    for (Command c : Commands.all()) {
      for (Option o : Help.optionsOf(c).getOptions()) {
        known.add(o.getLongOpt());
      }
    }
    Set<String> unknown = new TreeSet<>();
    Matcher m = DOC_OPTION.matcher(commandLineDocs());
    while (m.find()) {
      if (!known.contains(m.group(1))) {
        unknown.add("--" + m.group(1));
      }
    }
    assertTrue(unknown.isEmpty(), "documented but no command has them: " + unknown);
  }

  /** The option tables of docs/configuration.md made from descriptions, by their heading. */
  private static Map<String, OptionTable> describedSections() {
    Map<String, OptionTable> sections = new LinkedHashMap<>();
    sections.put(
        "## Options every load command shares", RunOptions.TABLE.plus(Help.DEBUG, Help.HELP));
    for (Workload w : Workloads.installed().workloads()) {
      sections.putAll(w.docsSections());
    }
    sections.put(
        "## `loadlab provision plan | apply | status | teardown`",
        io.loadlab.cli.provision.ProvisionCommands.OPTIONS);
    return sections;
  }

  /** The table that follows {@code heading} in {@code docs}: header and rows, each line ended. */
  private static String tableAfter(String docs, String heading) {
    int at = docs.indexOf("\n" + heading + "\n");
    assertTrue(at >= 0, "docs/configuration.md has no heading " + heading);
    int start = docs.indexOf("\n| option |", at);
    int next = docs.indexOf("\n#", at + heading.length() + 1);
    assertTrue(start >= 0 && (next < 0 || start < next), "no option table under " + heading);
    StringBuilder table = new StringBuilder();
    for (String line : docs.substring(start + 1).split("\n")) {
      if (!line.startsWith("|")) {
        break;
      }
      table.append(line).append('\n');
    }
    return table.toString();
  }

  @Test
  void describedTablesAreTheDocumentedOnes() throws Exception {
    String docs = commandLineDocs();
    for (Map.Entry<String, OptionTable> e : describedSections().entrySet()) {
      assertEquals(
          e.getValue().markdown(),
          tableAfter(docs, e.getKey()),
          "the table under '"
              + e.getKey()
              + "' in docs/configuration.md is not the one its options' descriptions make");
    }
  }

  @Test
  void describedDefaultsAreTheOnesHelpAndDocsName() {
    List<String> wrong = new ArrayList<>();
    for (OptionTable table : describedSections().values()) {
      for (OptionSpec s : table.specs()) {
        if (s.docs() == null || s.docs().isBlank()) {
          wrong.add("--" + s.name() + ": no docs line");
        }
        String d = s.defaultValue();
        // A shared option's help says "per command"; its docs row says the command's default.
        boolean helpNames =
            s.help().contains(d == null ? "" : d) || s.help().contains("per command");
        if (d != null && !(helpNames && s.docsDefault().contains(d))) {
          wrong.add("--" + s.name() + ": default " + d + " not in its help or docs row");
        }
      }
    }
    assertTrue(wrong.isEmpty(), String.join("; ", wrong));
  }

  @Test
  void everyDescribedCommandIsDescribedWhole() {
    // A command with descriptions has one for each option it takes: none built beside them.
    List<String> bare = new ArrayList<>();
    for (Command c : Commands.all()) {
      if (c.described().specs().isEmpty()) {
        continue;
      }
      for (Option o : c.options().getOptions()) {
        if (c.described().get(o.getLongOpt()) == null) {
          bare.add(String.join(" ", c.path()) + " --" + o.getLongOpt());
        }
      }
    }
    assertTrue(bare.isEmpty(), "options without a description: " + bare);
  }
}
