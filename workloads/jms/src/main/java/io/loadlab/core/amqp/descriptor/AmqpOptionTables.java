package io.loadlab.core.amqp.descriptor;

import io.loadlab.core.broker.BrokerOptions;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.SharedOptions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The descriptions of the {@code amqp} commands' and {@code broker}'s options ({@link OptionSpec}),
 * which their command lines, campaign steps and docs/configuration.md all use.
 */
final class AmqpOptionTables {
  /** The environment variable the TLS key store's password is read from when no file is named. */
  private static final String KEYSTORE_PASSWORD_ENV = "LOADLAB_BROKER_KEYSTORE_PASSWORD";

  private AmqpOptionTables() {}

  /** {@code amqp throughput}'s own options, after the connection ones. */
  static final OptionTable THROUGHPUT_OWN =
      OptionTable.of(
          OptionSpec.value(
                  "size", "BYTES", Type.SIZE, "message size or list to sweep (default 1024)")
              .docsName("`--size BYTES[,…]`")
              .docs("`1024`", "message body size; a list sweeps, one phase per size"),
          OptionSpec.value(
                  "count", "N", Type.NUMBER, "messages per publisher per queue (default 500000)")
              .docs(
                  "`500000`",
                  "messages per publisher per queue per iteration (shared mode: rounded up "
                      + "to a multiple of `--nsubs`)"),
          OptionSpec.value("npubs", "N", Type.NUMBER, "publishers per queue or topic (default 1)")
              .docs("`1`", "publishers per queue or topic"),
          OptionSpec.value("nsubs", "N", Type.NUMBER, "subscribers per queue or topic (default 1)")
              .docs("`1`", "subscribers per queue or topic"),
          OptionSpec.value("qt", "N", Type.NUMBER, "queues or topics (default 1)")
              .docs("`1`", "queues (shared) or topics (topic); fanout uses one topic"),
          OptionSpec.value("mode", "MODE", Type.TEXT, "shared, fanout or topic (default shared)")
              .docs(
                  "`shared`",
                  "`shared` (competing subscribers), `fanout` (one topic, all get all), "
                      + "`topic` (`--qt` topics)"),
          OptionSpec.flag("durable", "persistent messages (embedded broker: persistent)")
              .docs(
                  "off",
                  "persistent messages on durable queues; in `fanout` and `topic` mode each "
                      + "subscriber gets its own durable (shared JMS 2.0) subscription, removed at "
                      + "the end of each iteration"),
          OptionSpec.value(
                  "tx", "N", Type.NUMBER, "transaction size for publishers and subscribers")
              .docs(
                  "`0`",
                  "transaction size for publishers and subscribers; a broker without AMQP "
                      + "1.0 transactions is found before the run (one line, exit 2, nothing "
                      + "started)"),
          OptionSpec.value(
                  "pub-tx", "N", Type.NUMBER, "publisher transaction size (overrides --tx)")
              .docs("`--tx`", "publisher transaction size (0: no transactions)"),
          OptionSpec.value(
                  "sub-tx", "N", Type.NUMBER, "subscriber transaction size (overrides --tx)")
              .docs("`--tx`", "subscriber transaction size (0: no transactions)"),
          OptionSpec.value(
                  "sub-ack", "N", Type.NUMBER, "acknowledge every N messages (default 0: each)")
              .docs("`0`", "acknowledge every N messages; 0 accepts each as received"),
          OptionSpec.flag("sync-publish", "wait for the broker's confirmation of each")
              .docs(
                  "off",
                  "wait for the broker's confirmation of each message (as `--max-pending 1`)"),
          OptionSpec.value(
                  "max-pending",
                  "N",
                  Type.NUMBER,
                  "unconfirmed messages per publisher (default 1000)")
              .docs("`1000`", "unconfirmed messages a publisher may have outstanding"),
          OptionSpec.value("iterations", "N", Type.NUMBER, "iterations per size (default 1)")
              .docs("`1`", "iterations per size"),
          OptionSpec.flag("summary", "print one tab-separated line per iteration, as perftest -s")
              .docs(
                  "off",
                  "print one tab-separated line per iteration: publish rate, subscribe rate, "
                      + "transfers/s, MB/s (and `Averages:` per size)"),
          OptionSpec.value(
                  "receive-timeout",
                  "TIME",
                  Type.DURATION,
                  "give up on missing messages this long after publishers finish (default 10s)")
              .docs(
                  "`10s`",
                  "once publishers are done, how long subscribers wait for missing messages "
                      + "before counting them lost"));

  /** {@code amqp latency}'s own options, after the connection ones. */
  static final OptionTable LATENCY_OWN =
      OptionTable.of(
          OptionSpec.value(
                  "size", "BYTES", Type.SIZE, "message size or list to sweep (default 256)")
              .docsName("`--size BYTES[,…]`")
              .docs("`256`", "message body size (repeated a-z, A-Z); a list sweeps"),
          OptionSpec.value(
                  "rate",
                  "N",
                  Type.NUMBER,
                  "messages per second per test; 0 sends one at a time (default 0)")
              .docs(
                  "`0`",
                  "messages per second per test, on a fixed schedule; latency counts from "
                      + "the intended send time; a test that achieves less than `--rate-tolerance` "
                      + "of it fails the run ([Target rates](#target-rates)). 0: one message at a "
                      + "time; at most 10,000,000"),
          OptionSpec.value(
                  "count",
                  "N",
                  Type.NUMBER,
                  "messages per test per size; instead of --duration (default: duration)")
              .docs("none", "messages per test per size, instead of `--duration`"),
          OptionSpec.value(
                  "tests",
                  "N",
                  Type.NUMBER,
                  "concurrent tests, each its own queue; test i runs at rate+i-1")
              .docs(
                  "`1`",
                  "concurrent tests, each with its own queue and connections; test *i* runs "
                      + "at `rate + i − 1` msg/s"),
          OptionSpec.value(
                  "report-frequency",
                  "MS",
                  Type.NUMBER,
                  "reporting interval in ms (as --interval; default 1000)")
              .docs(
                  "`1000`",
                  "reporting interval in milliseconds (qpid-latency-test's name for "
                      + "`--interval`; a duration such as `2s` is taken too); at least 100 ms; "
                      + "given with `--interval` it is refused, and a bad value is named as "
                      + "`--report-frequency`"),
          OptionSpec.value(
                  "ack", "N", Type.NUMBER, "acknowledge every N messages (default 0: each)")
              .docs("`0`", "acknowledge every N messages; 0 accepts each as received"),
          OptionSpec.flag("durable", "persistent messages (embedded broker: persistent)")
              .docs("off", "persistent messages"),
          OptionSpec.value(
                  "drain-timeout",
                  "TIME",
                  Type.DURATION,
                  "wait this long for messages still on their way when sending stops (default 10s)")
              .docs(
                  "`10s`",
                  "when sending stops, how long to wait for messages still on their way (the "
                      + "rest are lost)"));

  /** {@code broker}'s options. */
  static final OptionTable BROKER =
      OptionTable.of(
          OptionSpec.value("host", "ADDR", Type.TEXT, "address to listen on (default 0.0.0.0)")
              .docs("`0.0.0.0`", "address to listen on"),
          SharedOptions.serverPort(5672),
          OptionSpec.flag("persistent", "keep durable messages in a journal on disk")
              .docs("off", "keep durable messages in a journal"),
          SharedOptions.serverDataDir(
                  "journal directory with --persistent (default: a temporary one)")
              .docs("a temporary directory", "journal directory (with `--persistent`)"),
          SharedOptions.SERVER_DURATION,
          OptionSpec.value(
                  "threads",
                  "N",
                  Type.NUMBER,
                  "I/O threads serving the connections, 1 to "
                      + BrokerOptions.MAX_THREADS
                      + " (default: 3 per CPU)")
              .docs(
                  "3 per CPU (Artemis's default)",
                  "I/O threads of the broker's acceptor (Artemis's `remotingThreads`: the "
                      + "Netty event loops that read and write every connection), 1 to 1024; "
                      + "anything else is refused before the broker starts (exit 2). The ready "
                      + "line says how many it runs with (`…, 3 I/O threads; connect with …`), "
                      + "read back from the running acceptor. The RHEL 6 KVM messaging report "
                      + "started its brokers with `qpidd --worker-threads N`: 1 for the latency "
                      + "tests, and for throughput about one per CPU the broker had (6 on the "
                      + "6-vCPU bridged guests; 7 on bare metal, where each broker was bound to 6 "
                      + "CPUs, and on the 5-vCPU SR-IOV guests); `--threads` is loadlab's "
                      + "equivalent. In a testbed: `{role: broker, on: b1, options: {threads: 6}}` "
                      + "([provisioner.md](provisioner.md#roles))"),
          OptionSpec.value(
                  "users-file",
                  "FILE",
                  Type.INPUT_FILE,
                  "require a login: one user:password per line (default: no login, anyone may "
                      + "connect)")
              .docs(
                  "none: security off",
                  "require a login: one `user:password` per line (`#` comments); each user "
                      + "may do anything, including management (so runs can delete their queues). "
                      + "Passwords live only in the file, never on the command line. A bad file is "
                      + "refused, exit 2"),
          OptionSpec.value(
                  "tls-keystore",
                  "FILE",
                  Type.INPUT_FILE,
                  "serve amqps:// only, with this key store (PKCS12, or JKS if named *.jks)")
              .docs(
                  "none (plain AMQP)",
                  "serve TLS only on the port (`amqps://`), with this key store holding the "
                      + "broker's key and certificate: PKCS12, or JKS if the name ends in `.jks`"),
          OptionSpec.value(
                  "tls-keystore-password-file",
                  "FILE",
                  Type.PASSWORD_FILE,
                  "file holding the key store's password (first line); default: environment "
                      + "variable "
                      + KEYSTORE_PASSWORD_ENV)
              .env(KEYSTORE_PASSWORD_ENV)
              .docs(
                  "env `LOADLAB_BROKER_KEYSTORE_PASSWORD`",
                  "file whose first line is the key store's password (required with "
                      + "`--tls-keystore`; a store that does not open with it is refused, exit 2)"));

  /** {@code amqp throughput}'s options. */
  static final OptionTable THROUGHPUT =
      AmqpConnectionSpecs.THROUGHPUT_CONNECTION.plus(THROUGHPUT_OWN);

  /** {@code amqp latency}'s options. */
  static final OptionTable LATENCY = AmqpConnectionSpecs.LATENCY_CONNECTION.plus(LATENCY_OWN);

  /** The option tables of docs/configuration.md that these describe, by their heading. */
  static Map<String, OptionTable> docsSections() {
    Map<String, OptionTable> out = new LinkedHashMap<>();
    out.put("## `loadlab amqp throughput`", THROUGHPUT);
    out.put("## `loadlab amqp latency`", LATENCY);
    out.put("## `loadlab broker`", BROKER);
    return out;
  }
}
