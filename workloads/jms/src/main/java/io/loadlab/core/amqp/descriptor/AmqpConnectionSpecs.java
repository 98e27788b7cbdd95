package io.loadlab.core.amqp.descriptor;

import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Kind;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;

/**
 * The descriptions of the options both AMQP load commands share (which broker, the login, TLS, link
 * credit and settlement, how clients connect), with their rows in docs/configuration.md for each.
 */
final class AmqpConnectionSpecs {
  private AmqpConnectionSpecs() {}

  static final OptionSpec BROKER =
      OptionSpec.value(
          "broker",
          "URI",
          Type.TEXT,
          "AMQP 1.0 broker: amqp://host:5672, amqps://..., failover:(amqp://a,amqp://b)?...; "
              + "default: an embedded Artemis broker on a free port");

  static final OptionSpec USER =
      OptionSpec.value(
          "user",
          "NAME",
          Type.TEXT,
          "user name (SASL PLAIN; its password is then required); default anonymous");

  static final OptionSpec PASSWORD_FILE =
      OptionSpec.value(
              "password-file",
              "FILE",
              Type.PASSWORD_FILE,
              "file holding the password (first line); default: environment variable "
                  + AmqpConnectionSettings.PASSWORD_ENV)
          .env(AmqpConnectionSettings.PASSWORD_ENV);

  static final OptionSpec TRUST_STORE =
      OptionSpec.value(
          "trust-store",
          "FILE",
          Type.INPUT_FILE,
          "trust store (JKS/PKCS12) for amqps://; its password from "
              + "--trust-store-password-file or "
              + AmqpConnectionSettings.TRUST_STORE_PASSWORD_ENV);

  static final OptionSpec TRUST_STORE_PASSWORD_FILE =
      OptionSpec.value(
              "trust-store-password-file",
              "FILE",
              Type.PASSWORD_FILE,
              "file holding the trust store's password (first line); default: environment "
                  + "variable "
                  + AmqpConnectionSettings.TRUST_STORE_PASSWORD_ENV)
          .env(AmqpConnectionSettings.TRUST_STORE_PASSWORD_ENV);

  /** {@code --prefetch}, whose default differs between the commands. */
  static OptionSpec prefetch(int defaultValue) {
    return OptionSpec.value(
            "prefetch", "N", Type.NUMBER, "link credit per consumer (default " + defaultValue + ")")
        .defaultValue(String.valueOf(defaultValue));
  }

  static final OptionSpec PRESETTLED =
      OptionSpec.flag("presettled", "send and receive presettled (at most once, no confirmations)");

  static final OptionSpec TCP_NODELAY =
      OptionSpec.value(
              "tcp-nodelay",
              "on|off",
              Type.TEXT,
              "TCP_NODELAY on client sockets (default on; alone: on, as qpid-perftest's flag; "
                  + "off lets TCP coalesce small messages)")
          .kind(Kind.OPTIONAL_VALUE);

  static final OptionSpec MAX_FRAME_SIZE =
      OptionSpec.value(
          "max-frame-size",
          "BYTES",
          Type.SIZE,
          "largest AMQP frame the client asks for (default: Qpid JMS's, 1M); "
              + "qpid-latency-test's --max-frame-size");

  static final OptionSpec WAIT_STRATEGY =
      OptionSpec.value(
          "wait-strategy",
          "NAME",
          Type.TEXT,
          "how threads wait for the client's I/O thread: auto (default), conservative, "
              + "balanced, progressive (Qpid JMS provider.futureType)");

  static final OptionSpec SINGLE_CONNECTION =
      OptionSpec.flag("single-connection", "all clients share one connection (default: one each)");

  static final OptionSpec BASE_NAME =
      OptionSpec.value("base-name", "NAME", Type.TEXT, "queue and topic names start with this");

  static final OptionSpec KEEP_QUEUES =
      OptionSpec.flag(
          "keep-queues",
          "keep the queues and topics the run created (default: deleted at the end where the "
              + "broker allows)");

  static final OptionSpec BROKER_PROFILE =
      OptionSpec.value(
          "broker-profile",
          "NAME",
          Type.TEXT,
          "the broker's addresses and capabilities: auto (default: from the broker's AMQP "
              + "open frame), "
              + BrokerProfile.names());

  static final OptionSpec PROVIDER =
      OptionSpec.value(
          "provider",
          "NAME",
          Type.TEXT,
          "JMS provider: qpid-jms (default, AMQP 1.0), artemis (CORE), activemq (OpenWire), "
              + "rabbitmq (AMQP 0-9-1)");

  static final OptionSpec CONSUMER_PROVIDER =
      OptionSpec.value(
          "consumer-provider",
          "NAME",
          Type.TEXT,
          "the consumers' JMS provider when it differs from --provider (mixed protocols)");

  static final OptionSpec CONSUMER_BROKER =
      OptionSpec.value(
          "consumer-broker",
          "URL",
          Type.TEXT,
          "the consumers' URL of the same broker (default: --broker, or the embedded broker's)");

  static final OptionSpec JNDI =
      OptionSpec.value(
          "jndi",
          "FILE",
          Type.INPUT_FILE,
          "JNDI properties of any JMS provider (initial context factory, provider URL, names)");

  static final OptionSpec PROVIDER_JARS =
      OptionSpec.value(
          "provider-jars",
          "DIR",
          Type.TEXT,
          "directory of the --jndi provider's jars (default: lib/ beside loadlab's jar)");

  private static final String PROVIDER_DOCS =
      "the JMS client library the run publishes and receives through: `qpid-jms` (AMQP 1.0), "
          + "`artemis` (Artemis's Core client, `tcp://host:61616`), `activemq` (ActiveMQ "
          + "Classic's OpenWire client, `tcp://host:61616`), `rabbitmq` (RabbitMQ's JMS client "
          + "over AMQP 0-9-1, `amqp://host:5672`). The embedded broker serves `qpid-jms` and "
          + "`artemis`; the others need `--broker`. A setting the provider cannot honour "
          + "(`--presettled` outside `qpid-jms`, …) is refused before the run naming both "
          + "(exit 2); an unknown name is refused naming the choices. result.json records "
          + "`provider`, `providerClient` (library and version) and `providerProtocol`. See "
          + "[amqp.md](amqp.md#jms-providers)";

  private static final String CONSUMER_PROVIDER_DOCS =
      "the consumers' provider where it differs from the publishers' (`--provider`): a "
          + "mixed-protocol run against one broker, e.g. `--provider artemis "
          + "--consumer-provider qpid-jms` publishes over CORE and consumes over AMQP 1.0 (as "
          + "`artemis perf client --consumer-protocol`). Not with `--single-connection`; "
          + "result.json: `consumerProvider`, `consumerProviderClient`, "
          + "`consumerProviderProtocol`";

  private static final String CONSUMER_BROKER_DOCS =
      "the consumers' URL for the same broker in their provider's syntax (with "
          + "`--consumer-provider`), e.g. `amqp://broker:5672` beside `--broker "
          + "tcp://broker:61616`; the embedded broker gives each provider its own";

  private static final String JNDI_DOCS =
      "any other JMS provider (IBM MQ, Solace, …) through JNDI, as JMeter's JMS samplers: a "
          + "properties file with `java.naming.factory.initial`, `java.naming.provider.url` "
          + "(`--broker` overrides it) and the provider's own entries, plus "
          + "`loadlab.connectionFactory` (the factory's JNDI name, default `ConnectionFactory`). "
          + "The run's queues and topics are looked up by their names and made by the session "
          + "where none is bound. A factory class that cannot be loaded, or a name that is not "
          + "bound, is refused before the run (exit 2). Replaces `--provider`";

  private static final String PROVIDER_JARS_DOCS =
      "a directory of jars (the `--jndi` provider's client and what it needs) loaded in a class "
          + "loader of their own, outside loadlab's class path; without it, the jars in the "
          + "distribution's `lib/` (as JMeter's `lib/`)";

  static final OptionTable THROUGHPUT_CONNECTION =
      OptionTable.of(
          PROVIDER.docs("`qpid-jms`", PROVIDER_DOCS),
          CONSUMER_PROVIDER.docs("`--provider`", CONSUMER_PROVIDER_DOCS),
          CONSUMER_BROKER.docs("`--broker`", CONSUMER_BROKER_DOCS),
          JNDI.docs("none", JNDI_DOCS),
          PROVIDER_JARS.docs("`lib/`", PROVIDER_JARS_DOCS),
          BROKER.docs(
              "embedded Artemis on a free loopback port (persistent with `--durable`)",
              "AMQP 1.0 broker: `amqp://host:5672`, `amqps://host:5671`, or a Qpid JMS "
                  + "`failover:(amqp://a:5672,amqp://b:5672)?…` URI; other Qpid JMS URI "
                  + "options may be added"),
          USER.docs(
              "anonymous",
              "user name (SASL PLAIN); its password is then required: a user with no "
                  + "password anywhere is refused before the run (exit 2), never tried "
                  + "anonymously. A login the broker refuses (no user where one is required, "
                  + "an unknown user, a wrong password) ends the run before it starts with one "
                  + "line naming the login, exit 2"),
          PASSWORD_FILE.docs(
              "env `LOADLAB_AMQP_PASSWORD`", "file whose first line is the password"),
          TRUST_STORE.docs(
              "JVM default",
              "JKS/PKCS12 trust store for `amqps://`; its password from env "
                  + "`LOADLAB_AMQP_TRUST_STORE_PASSWORD`"),
          TRUST_STORE_PASSWORD_FILE.docs(
              "env `LOADLAB_AMQP_TRUST_STORE_PASSWORD`",
              "file whose first line is the trust store's password (with "
                  + "`--trust-store`); a store that does not open with it is refused (exit 2)"),
          prefetch(1000)
              .docs(
                  "`1000`",
                  "link credit per consumer (Qpid JMS prefetch), `0` to 1,000,000; `0` "
                      + "grants no credit ahead: each receive asks for one message"),
          PRESETTLED.docs(
              "off",
              "presettled delivery on every link (at most once; losses do not fail the run)"),
          TCP_NODELAY.docs(
              "`on`",
              "TCP_NODELAY on the client's sockets (`--tcp-nodelay` alone: on, as "
                  + "qpid-perftest's flag); `off` lets TCP coalesce small messages (Nagle): a "
                  + "higher publish rate with `--presettled`, where nothing waits for the "
                  + "broker's reply"),
          MAX_FRAME_SIZE.docs(
              "Qpid JMS's (1M)",
              "largest AMQP frame the client asks for (at least 512), as "
                  + "qpid-perftest/qpid-latency-test's `--max-frame-size`"),
          WAIT_STRATEGY.docs(
              "`auto`",
              "how a client thread waits for Qpid JMS's I/O thread on every send: `auto` "
                  + "(Qpid JMS: `conservative` below 4 CPUs, else `progressive`), "
                  + "`conservative` (blocks), `balanced` (spins, then blocks), `progressive` "
                  + "(spins, yields, then blocks: fewer context switches, more CPU); Qpid JMS "
                  + "`provider.futureType`"),
          SINGLE_CONNECTION.docs(
              "off", "all publishers and subscribers share one connection (default: one each)"),
          BASE_NAME.docs(
              "`loadlab-perftest-<random>`",
              "queues/topics are `<NAME>-0..qt-1` (fanout: `<NAME>-fanout`). A broker "
                  + "that creates no queues is asked for `<NAME>-0..qt-1`, or without this "
                  + "option for `loadlab-perftest-0..qt-1` with `--base-name loadlab-perftest` "
                  + "to give: the same names every run"),
          KEEP_QUEUES.docs(
              "off: deleted",
              "keep the queues and topics the run created. By default loadlab asks the "
                  + "broker before the run which of the run's queues (and topic addresses) "
                  + "exist and deletes the others at the end: Artemis and Qpid Broker-J "
                  + "through their management over AMQP 1.0 (Artemis: the user needs the "
                  + "`manage` permission), RabbitMQ 3.x through AMQP 0-9-1 on the same port, "
                  + "user and virtual host (`amqp.vhost=vhost:NAME`, else `/`). Queues that "
                  + "were there before are never touched; `rabbitmq4`, `qpid-dispatch` and "
                  + "`generic` delete nothing and say so. result.json: `keepQueues` "
                  + "(configuration), `queuesDeleted` (figure), a `queues-kept` problem with "
                  + "the command to run for a queue that could not be deleted. See "
                  + "[amqp.md](amqp.md#queues-a-run-creates)"),
          BROKER_PROFILE.docs(
              "`auto`: from the `product` and `version` the broker sends in its AMQP "
                  + "open frame",
              "the broker's address conventions and capabilities: `artemis`, `rabbitmq3` "
                  + "(v1 addresses `/queue/NAME`, `/topic/KEY`), `rabbitmq4` (v2 addresses "
                  + "`/queues/NAME`), `qpid-broker-j`, `qpid-dispatch`, `generic` (plain "
                  + "names). `auto` asks the broker with a short connection of its own that "
                  + "logs in as the run's clients do (`--user`, the password, and the SASL "
                  + "mechanism Qpid JMS picks from those the broker offers, e.g. SCRAM-SHA-256 "
                  + "on Qpid Broker-J; `amqp.saslMechanisms` in the URI narrows both) and "
                  + "recognises Artemis, RabbitMQ 3 and 4, Qpid Broker-J 8 and 9 and Qpid "
                  + "Dispatch Router; anything else, or a broker that cannot be asked, is "
                  + "`generic`. What the profile cannot do (`--tx` without transactions, "
                  + "fanout/topic without subscribable topics, queues the broker will not "
                  + "create) is refused before the run with one line (exit 2); `--tx` under a "
                  + "profile with transactions is checked with one transacted session before "
                  + "the run. The product, version and profile are recorded in result.json "
                  + "(`brokerProduct`, `brokerVersion`, `brokerProfile`, `brokerProfileFrom`: "
                  + "`open frame` or `--broker-profile`). See [amqp.md](amqp.md#brokers)"));

  static final OptionTable LATENCY_CONNECTION =
      OptionTable.of(
          PROVIDER.docs("`qpid-jms`", "as for `amqp throughput`"),
          CONSUMER_PROVIDER.docs(
              "`--provider`", "the receivers' provider, as for `amqp throughput`"),
          CONSUMER_BROKER.docs("`--broker`", "as for `amqp throughput`"),
          JNDI.docs("none", "as for `amqp throughput`"),
          PROVIDER_JARS.docs("`lib/`", "as for `amqp throughput`"),
          BROKER.docs(
              "embedded Artemis on a free loopback port (persistent with `--durable`)",
              "as for `amqp throughput`"),
          USER.docs("anonymous", "as for `amqp throughput`"),
          PASSWORD_FILE.docs(
              "env `LOADLAB_AMQP_PASSWORD`", "file whose first line is the password"),
          TRUST_STORE.docs(
              "JVM default",
              "trust store for `amqps://`; its password from env "
                  + "`LOADLAB_AMQP_TRUST_STORE_PASSWORD`"),
          TRUST_STORE_PASSWORD_FILE.docs(
              "env `LOADLAB_AMQP_TRUST_STORE_PASSWORD`", "as for `amqp throughput`"),
          prefetch(100)
              .docs(
                  "`100`", "link credit per consumer, `0` to 1,000,000 (as for `amqp throughput`)"),
          PRESETTLED.docs("off", "presettled delivery on every link"),
          TCP_NODELAY.docs("`on`", "as for `amqp throughput` (keep it on to measure latency)"),
          MAX_FRAME_SIZE.docs(
              "Qpid JMS's (1M)",
              "as for `amqp throughput`; the MRG Messaging throughput and latency report "
                  + "(Infiniband, 10-GigE, 1-GigE) used size + 120"),
          WAIT_STRATEGY.docs("`auto`", "as for `amqp throughput`"),
          SINGLE_CONNECTION.docs("off", "all tests' senders and receivers share one connection"),
          BASE_NAME.docs(
              "`loadlab-latency-<random>`",
              "test *i*'s queue is `<NAME>-i`; a broker that creates no queues is asked "
                  + "for `<NAME>-1..tests` (without this option: `loadlab-latency-1..`, with "
                  + "`--base-name loadlab-latency`)"),
          KEEP_QUEUES.docs("off", "as for `amqp throughput`"),
          BROKER_PROFILE.docs("`auto`", "as for `amqp throughput`"));
}
