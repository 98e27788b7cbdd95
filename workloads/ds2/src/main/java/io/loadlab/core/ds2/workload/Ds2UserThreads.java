package io.loadlab.core.ds2.workload;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.lang.reflect.Method;
import java.util.Locale;

/**
 * What kind of thread each DS2 user runs on. A user blocks on its connection for every statement;
 * with one platform thread per user, every answer is a kernel context switch, and with dozens of
 * users on a few cores the client's switching costs as much CPU as the statements' own work.
 * Virtual threads (Java 21 and newer) park on the JDK's poller instead, so a few carrier threads
 * serve all users as a C client's event loop would (about 30% less client CPU per order at 20 users
 * on 2 cores). The users, their connections and their statements are the same either way.
 */
public enum Ds2UserThreads {
  /**
   * Virtual threads where the JVM has them and they never pin a carrier (Java 24+), else platform.
   */
  AUTO,
  /** One platform (kernel) thread per user. */
  PLATFORM,
  /** One virtual thread per user (Java 21 or newer). */
  VIRTUAL;

  /** The first Java release whose virtual threads stay unpinned in synchronized code (JEP 491). */
  static final int AUTO_VIRTUAL_FROM = 24;

  private static final Method OF_VIRTUAL;
  private static final Method NAME;
  private static final Method UNSTARTED;

  static {
    Method of = null;
    Method name = null;
    Method unstarted = null;
    try {
      of = Thread.class.getMethod("ofVirtual");
      Class<?> builder = Class.forName("java.lang.Thread$Builder");
      name = builder.getMethod("name", String.class);
      unstarted = builder.getMethod("unstarted", Runnable.class);
    } catch (ReflectiveOperationException e) {
      of = null; // before Java 21
    }
    OF_VIRTUAL = of;
    NAME = name;
    UNSTARTED = unstarted;
  }

  /** Parses the option's value ({@code auto}, {@code platform}, {@code virtual}). */
  public static Ds2UserThreads parse(String option, String value) {
    for (Ds2UserThreads t : values()) {
      if (t.name().equalsIgnoreCase(value.trim())) {
        return t.check(option);
      }
    }
    throw new UsageException(
        "--"
            + option
            + ": '"
            + Texts.cut(value)
            + "' is not a thread kind; use auto, platform or virtual");
  }

  /** This kind, refused (naming {@code option}) if this JVM cannot make such threads. */
  public Ds2UserThreads check(String option) {
    if (this == VIRTUAL && OF_VIRTUAL == null) {
      throw new UsageException(
          "--"
              + option
              + ": virtual threads need Java 21 or newer (this is Java "
              + Runtime.version().feature()
              + "); use platform, or run loadlab with a newer JDK (JAVA_HOME)");
    }
    return this;
  }

  /** The kind {@link #AUTO} stands for on this JVM; other kinds stand for themselves. */
  public Ds2UserThreads resolved() {
    if (this != AUTO) {
      return this;
    }
    return OF_VIRTUAL != null && Runtime.version().feature() >= AUTO_VIRTUAL_FROM
        ? VIRTUAL
        : PLATFORM;
  }

  /**
   * One line saying what threads the users run on and, where they are platform threads though this
   * JVM or a newer one could make them virtual, how to get there: with many users on few cores the
   * client's own CPU then shows in the figures (see docs/benchmarks.md).
   */
  public String describe(int users) {
    Ds2UserThreads kind = resolved();
    String line = users + (users == 1 ? " user" : " users") + " on " + kind.label() + " threads";
    if (kind != PLATFORM || this == PLATFORM) {
      return line;
    }
    int feature = Runtime.version().feature();
    return OF_VIRTUAL != null
        ? line + " (Java " + feature + "; --user-threads virtual costs the client less CPU)"
        : line
            + " (Java "
            + feature
            + "; on Java 21+ --user-threads virtual costs the client less CPU, set JAVA_HOME)";
  }

  /** The name as options and results spell it. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * An unstarted thread of this kind (resolved) running {@code task}; platform ones are daemons.
   */
  Thread newThread(Runnable task, String name) {
    if (resolved() == VIRTUAL) {
      try {
        Object builder = NAME.invoke(OF_VIRTUAL.invoke(null), name);
        return (Thread) UNSTARTED.invoke(builder, task);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot make a virtual thread", e);
      }
    }
    Thread th = new Thread(task, name);
    th.setDaemon(true);
    return th;
  }
}
