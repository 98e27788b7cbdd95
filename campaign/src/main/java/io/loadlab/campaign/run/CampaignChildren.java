package io.loadlab.campaign.run;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.core.util.AtomicFiles;
import io.loadlab.provision.placement.Placement;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Every process a campaign has running (runs, servers, setup commands), recorded in {@code
 * children.json} in its directory with what identifies it (pid, start time, command line, machine)
 * while it runs. Each child also ends itself once the campaign is gone ({@code
 * LOADLAB_EXIT_WITH_PARENT}); a resumed campaign first stops any recorded local child still alive
 * (the same pid, start time and command line) and says so, before anything starts.
 */
final class CampaignChildren {
  /** The file in the campaign directory. */
  static final String FILE = "children.json";

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * One child.
   *
   * @param pid its process id here, or -1 for one on another machine (over SSH)
   * @param startTime when it started (ISO-8601), as the OS tells it
   * @param command its whole command line
   * @param machine where it runs: {@code here}, a lab host or a testbed machine
   * @param role {@code run}, {@code service} or {@code setup}
   */
  record Child(long pid, String startTime, String command, String machine, String role) {}

  private final Path file;
  private final List<Child> live = new ArrayList<>();
  private final List<StepExecutor.Execution> executions = new ArrayList<>();

  CampaignChildren(Path dir) {
    this.file = dir.resolve(FILE);
  }

  /** Records a child that started. */
  synchronized void started(
      StepExecutor.Execution e, String role, String machine, List<String> args) {
    long pid = e.pid();
    String start = null;
    String command = String.join(" ", args);
    if (pid > 0) {
      Optional<ProcessHandle> h = ProcessHandle.of(pid);
      start = h.flatMap(p -> p.info().startInstant()).map(Instant::toString).orElse(null);
      command = h.map(CampaignResume::commandLine).orElse(command);
    }
    live.add(new Child(pid, start, command, machine == null ? "here" : machine, role));
    executions.add(e);
    write();
  }

  /** Forgets a child that ended. */
  synchronized void ended(StepExecutor.Execution e) {
    int i = executions.indexOf(e);
    if (i >= 0) {
      executions.remove(i);
      live.remove(i);
      write();
    }
  }

  private void write() {
    try {
      AtomicFiles.write(file, MAPPER.writeValueAsString(live));
    } catch (IOException e) {
      // Best effort: the children still end themselves with the campaign.
    }
  }

  /**
   * Stops every child recorded in {@code dir} that is still alive here (a campaign killed before it
   * could), printing a line for each, and clears the record. Children on other machines end
   * themselves when their SSH session goes; they are named.
   */
  static void stopLeftovers(Path dir, PrintStream out) {
    Path f = dir.resolve(FILE);
    if (!Files.exists(f)) {
      return;
    }
    List<Child> recorded;
    try {
      recorded = MAPPER.readValue(f.toFile(), new TypeReference<List<Child>>() {});
    } catch (IOException e) {
      out.println("children of the last campaign here: " + f + " cannot be read; left as is");
      return;
    }
    for (Child c : recorded) {
      if (c.pid() <= 0) {
        out.println(
            "a "
                + c.role()
                + " the last campaign had on "
                + c.machine()
                + " ends itself when its SSH session is gone: "
                + c.command());
        continue;
      }
      Optional<ProcessHandle> h =
          ProcessHandle.of(c.pid()).filter(p -> running(p.pid()) && same(p, c));
      if (h.isEmpty()) {
        continue;
      }
      out.println(
          "stopping a "
              + c.role()
              + " the last campaign left running (pid "
              + c.pid()
              + " on "
              + c.machine()
              + "): "
              + cut(c.command()));
      stop(h.get());
    }
    try {
      Files.deleteIfExists(f);
    } catch (IOException e) {
      // rewritten by the next child
    }
  }

  /**
   * False for a process that has exited, whether reaped or not: a zombie or a dead task ({@code
   * /proc/PID/stat} state Z or X), which the JDK still calls alive.
   */
  static boolean running(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      char state = stat.charAt(stat.lastIndexOf(')') + 2);
      return state != 'Z' && state != 'X' && state != 'x';
    } catch (IOException | RuntimeException e) {
      return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
  }

  /** True if the live process is the recorded one: same start time and command line. */
  static boolean same(ProcessHandle p, Child c) {
    String start = p.info().startInstant().map(Instant::toString).orElse(null);
    if (c.startTime() != null && start != null && !c.startTime().equals(start)) {
      return false;
    }
    // A wrapper (nice, numactl) execs the run: the line read at start may still be the wrapper's.
    String now = Placement.unwrapped(CampaignResume.commandLine(p));
    String recorded = Placement.unwrapped(c.command());
    // A process with no command line left (it has exited) is not the recorded one.
    return !now.isEmpty() && (now.startsWith(recorded) || recorded.startsWith(now));
  }

  private static void stop(ProcessHandle h) {
    h.descendants().forEach(ProcessHandle::destroy);
    h.destroy(); // SIGTERM: a run still writes its summary
    try {
      h.onExit().get(15, TimeUnit.SECONDS);
    } catch (Exception e) {
      h.descendants().forEach(ProcessHandle::destroyForcibly);
      h.destroyForcibly();
    }
  }

  private static String cut(String command) {
    return command.length() <= 200 ? command : command.substring(0, 199) + "…";
  }
}
