package io.loadlab.core.amqp.runner;

import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.workload.PreparedRun;
import io.loadlab.core.workload.RunConsole;
import io.loadlab.core.workload.WorkloadRunner;
import io.loadlab.core.workload.WorkloadUser;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * What the messaging load commands share: their options read once into the command's settings
 * (checked against a stand-in connection, nothing started), the broker a run opens (the embedded
 * one unless one is named) and the settings read again against it, the configuration result.json
 * records (no secrets), and the run's refusal and table once its result is complete.
 *
 * @param <C> the command's own settings
 */
abstract class MessagingRunner<C> implements WorkloadRunner<MessagingRunner.Settings<C>> {
  /**
   * A command's settings.
   *
   * @param options its options as given
   * @param command its own settings: against a stand-in connection until a run opens its broker
   * @param target the broker a run opened, or null before
   * @param interval the reporting interval its options set, or null for the default
   */
  record Settings<C>(AmqpOptions options, C command, BrokerTarget target, Duration interval) {}

  /** A run started against its broker, as each command drives it. */
  interface Started {
    void run(RunTiming timing, RunRecording recording, RunControl control);

    /** The broker's refusal that failed the run after setup (exit 2), or null. */
    LoadlabException refusal();

    /** The table shown after the result. */
    String table(RunResult result);
  }

  /**
   * What queue and topic names start with: made unique per run without {@code --base-name}, and the
   * stable name a broker that creates no queues is asked for (with the {@code --base-name} to
   * give).
   */
  abstract String baseName();

  /** The link credit without {@code --prefetch}. */
  abstract int defaultPrefetch();

  /** The command's settings from its options, against {@code connection}, named {@code base}. */
  abstract C parse(AmqpOptions o, AmqpConnectionSettings connection, String base);

  /** The reporting interval the command's own options set, or null for the default. */
  Duration interval(AmqpOptions o) {
    return null;
  }

  abstract boolean durable(C command);

  abstract String baseName(C command);

  abstract AmqpConnectionSettings connection(C command);

  /** Refuses a run whose queues {@code target} would not have (see {@link BrokerTarget}). */
  abstract void requireQueues(BrokerTarget target, AmqpOptions o, C command);

  /** Records the command's own settings, which come before the connection's. */
  abstract void recordOwn(C command, Map<String, Object> config);

  /** Records the command's settings that come after the connection's and {@code keepQueues}. */
  abstract void recordRest(C command, Map<String, Object> config);

  /** Starts the run's driver against its broker; a setting it refuses throws, nothing started. */
  abstract Started start(C command, AmqpOptions o, RunConsole console);

  @Override
  public final Settings<C> settings(OptionValues values) {
    AmqpOptions o = new AmqpOptions(values);
    String base = o.value("base-name");
    if (base == null) {
      base = baseName() + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 20));
    }
    C command = parse(o, ProviderOptions.checked(o), base);
    return new Settings<>(o, command, null, interval(o));
  }

  @Override
  public final Duration defaultInterval(Settings<C> settings) {
    return settings.interval() != null ? settings.interval() : defaultInterval();
  }

  /**
   * The configuration result.json records: the broker (once opened), the command's settings, the
   * connection's and the rest; never a password (those come from files or the environment).
   */
  @Override
  public final Object recorded(Settings<C> s) {
    Map<String, Object> config = new LinkedHashMap<>();
    if (s.target() != null) {
      s.target().record(config);
    }
    recordOwn(s.command(), config);
    AmqpOptions.record(config, connection(s.command()));
    config.put("keepQueues", s.options().has("keep-queues"));
    recordRest(s.command(), config);
    return config;
  }

  /**
   * Opens the broker (an embedded one started now unless one is named; one line and nothing left
   * running if it does not answer), reads the settings again against it and starts the driver.
   */
  @Override
  public final PreparedRun prepare(Settings<C> checked, RunConsole console) {
    AmqpOptions o = checked.options();
    BrokerTarget target = new BrokerTarget(o, defaultPrefetch(), durable(checked.command()));
    try {
      C command = parse(o, target.settings, baseName(checked.command()));
      requireQueues(target, o, command);
      Settings<C> s = new Settings<>(o, command, target, checked.interval());
      Started started = start(command, o, console);
      return new PreparedRun() {
        @Override
        public Object recorded() {
          return MessagingRunner.this.recorded(s);
        }

        @Override
        public void run(RunTiming timing, RunRecording recording, RunControl control) {
          started.run(timing, recording, control);
        }

        @Override
        public String after(RunResult result) {
          if (started.refusal() != null) {
            throw started.refusal(); // a setting the broker refused mid-run: one line, exit 2
          }
          return started.table(result);
        }

        @Override
        public void close() {
          target.close();
        }
      };
    } catch (RuntimeException e) {
      target.close();
      throw e;
    }
  }

  /** For a front-end without a console: its notices are its warnings, its own lines dropped. */
  @Override
  public final PreparedRun prepare(Settings<C> checked, Consumer<String> warnings) {
    return prepare(
        checked,
        new RunConsole() {
          @Override
          public void warning(String line) {
            warnings.accept(line);
          }

          @Override
          public void notice(String line) {
            warnings.accept(line);
          }

          @Override
          public void line(String line) {}
        });
  }

  @Override
  public final void run(
      Settings<C> settings, RunTiming timing, RunRecording recording, RunControl control)
      throws Exception {
    try (PreparedRun run = prepare(settings, line -> {})) {
      run.run(timing, recording, control);
    }
  }

  /**
   * False: the JMeter plugin runs messaging through its own samplers (AMQP publish, consume, round
   * trip), so its generic sampler does not offer these commands.
   */
  @Override
  public final boolean givesUsers() {
    return false;
  }

  /** Not called: {@link #givesUsers} is false. */
  @Override
  public final WorkloadUser user(Settings<C> settings) {
    throw new UsageException(
        "workload: JMeter runs messaging through loadlab's AMQP samplers (publish, consume, round"
            + " trip); use those");
  }
}
