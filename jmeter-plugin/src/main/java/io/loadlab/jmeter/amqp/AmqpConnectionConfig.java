package io.loadlab.jmeter.amqp;

import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.BrokerIdentity;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.core.amqp.WaitStrategy;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.providers.JndiProvider;
import io.loadlab.core.jms.providers.Providers;
import io.loadlab.jmeter.ConfigBase;
import io.loadlab.jmeter.Handles;
import java.nio.file.Path;
import org.apache.jmeter.testelement.property.NullProperty;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * AMQP Connection config element: the JMS provider (Qpid JMS by default, another built-in, or any
 * through JNDI), the broker URI (with any of the provider's options), the user, and the name of the
 * JMeter property that holds the password, so the password is never saved in the plan. Like the
 * JDBC Connection Configuration it offers one connection per thread (the default) or one connection
 * shared by all threads; every thread works through its own session either way. For the highest
 * publish rate: presettled, TCP_NODELAY off and the progressive wait strategy.
 */
public class AmqpConnectionConfig extends ConfigBase {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(AmqpConnectionConfig.class);

  static final String KIND = "AMQP Connection";

  private String variableName = "amqp";
  private String brokerUri = "amqp://127.0.0.1:5672";
  private String user = "";
  private String passwordProperty = "amqp.password";
  private boolean sharedConnection;
  private int prefetch = -1;
  private boolean presettled;
  private boolean noDelay = true;
  private String waitStrategy = "auto";
  private String brokerProfile = "auto";
  private String provider = "qpid-jms";
  private String jndiFile = "";
  private String providerJars = "";

  private transient AmqpHandle handle;

  @Override
  protected void open() {
    String property = passwordProperty == null ? "" : passwordProperty.strip();
    JmsProvider jms = jmsProvider();
    String url = jms instanceof JndiProvider jndi ? jndi.url() : brokerUri;
    AmqpConnectionSettings.Builder b =
        AmqpConnectionSettings.builder(jms, url)
            .names(names(property))
            .user(user)
            .prefetch(prefetch)
            .presettled(presettled)
            .tcpNoDelay(tcpNoDelay())
            .waitStrategy(
                waitStrategy == null || waitStrategy.isBlank()
                    ? WaitStrategy.AUTO
                    : WaitStrategy.parse("waitStrategy", waitStrategy));
    String password = property.isEmpty() ? null : JMeterUtils.getProperty(property);
    if (password != null) {
      b.password(password);
    } else {
      b.passwordFrom(null); // the environment variable LOADLAB_AMQP_PASSWORD, if set
    }
    AmqpConnectionSettings settings = b.build();
    String named = brokerProfile == null ? "" : brokerProfile.strip();
    BrokerProfile profile;
    if ((named.isEmpty() || named.equalsIgnoreCase("auto")) && !jms.speaksAmqp10()) {
      profile = BrokerProfile.GENERIC; // only an AMQP 1.0 client can ask the broker who it is
      LOG.info(
          "{} '{}': {} ({}, {}) at {}",
          KIND,
          getName(),
          jms.name(),
          jms.clientVersion(),
          jms.protocol(),
          settings.describe());
    } else if (named.isEmpty() || named.equalsIgnoreCase("auto")) {
      BrokerIdentity id = BrokerIdentity.probe(settings);
      profile = BrokerProfile.detect(id);
      LOG.info(
          "{} '{}': {} at {}, broker profile {} (from its open frame)",
          KIND,
          getName(),
          id.describe(),
          settings.describe(),
          profile);
    } else {
      profile = BrokerProfile.parse("brokerProfile", named);
    }
    handle = new AmqpHandle(settings.withProfile(profile), sharedConnection);
    Handles.publish(KIND, variableName, handle);
  }

  /**
   * The JMS provider the Provider field names: a built-in, or {@code jndi} with the JNDI file and
   * the directory of the provider's jars (default: JMeter's {@code lib/}, as JMeter's own JMS
   * samplers take theirs).
   */
  JmsProvider jmsProvider() {
    String name = provider == null || provider.isBlank() ? "qpid-jms" : provider.strip();
    if (!name.equalsIgnoreCase(JndiProvider.NAME)) {
      return Providers.named("provider", name);
    }
    if (jndiFile == null || jndiFile.isBlank()) {
      throw new io.loadlab.core.failure.UsageException(
          "jndiFile: the jndi provider needs a JNDI properties file; name it in JNDI file");
    }
    Path jars =
        providerJars == null || providerJars.isBlank()
            ? Path.of(JMeterUtils.getJMeterHome(), "lib")
            : Path.of(providerJars.strip());
    return JndiProvider.load(Path.of(jndiFile.strip()), jars, null);
  }

  /**
   * This element's fields as messages name them: a JMeter user has no {@code --broker} or {@code
   * --user} options to fix.
   */
  static AmqpConnectionSettings.Names names(String passwordProperty) {
    String where =
        passwordProperty.isEmpty()
            ? "a JMeter property named in Password property (passwordProperty), set in"
                + " user.properties,"
            : "the JMeter property '"
                + passwordProperty
                + "' (Password property, passwordProperty), set in user.properties,";
    return new AmqpConnectionSettings.Names(
        "the AMQP Connection's Broker URI (brokerUri)",
        "the AMQP Connection's User (user)",
        where + " or the environment variable " + AmqpConnectionSettings.PASSWORD_ENV);
  }

  @Override
  protected String kind() {
    return KIND;
  }

  @Override
  protected void close() {
    if (handle != null) {
      handle.closeAll();
      handle = null;
    }
    Handles.withdraw(variableName);
  }

  /**
   * TCP_NODELAY as set, or on for a plan saved before the field existed (JMeter would otherwise
   * read the missing property as false).
   */
  boolean tcpNoDelay() {
    return getProperty("noDelay") instanceof NullProperty || noDelay;
  }

  static AmqpHandle lookup(String name) {
    return Handles.lookup(KIND, name, AmqpHandle.class);
  }

  @Override
  public String getVariableName() {
    return variableName;
  }

  public void setVariableName(String variableName) {
    this.variableName = variableName;
  }

  public String getBrokerUri() {
    return brokerUri;
  }

  public void setBrokerUri(String brokerUri) {
    this.brokerUri = brokerUri;
  }

  public String getUser() {
    return user;
  }

  public void setUser(String user) {
    this.user = user;
  }

  public String getPasswordProperty() {
    return passwordProperty;
  }

  public void setPasswordProperty(String passwordProperty) {
    this.passwordProperty = passwordProperty;
  }

  public boolean isSharedConnection() {
    return sharedConnection;
  }

  public void setSharedConnection(boolean sharedConnection) {
    this.sharedConnection = sharedConnection;
  }

  public int getPrefetch() {
    return prefetch;
  }

  public void setPrefetch(int prefetch) {
    this.prefetch = prefetch;
  }

  public boolean isPresettled() {
    return presettled;
  }

  public void setPresettled(boolean presettled) {
    this.presettled = presettled;
  }

  public boolean isNoDelay() {
    return noDelay;
  }

  public void setNoDelay(boolean noDelay) {
    this.noDelay = noDelay;
  }

  public String getBrokerProfile() {
    return brokerProfile;
  }

  public void setBrokerProfile(String brokerProfile) {
    this.brokerProfile = brokerProfile;
  }

  public String getProvider() {
    return provider;
  }

  public void setProvider(String provider) {
    this.provider = provider;
  }

  public String getJndiFile() {
    return jndiFile;
  }

  public void setJndiFile(String jndiFile) {
    this.jndiFile = jndiFile;
  }

  public String getProviderJars() {
    return providerJars;
  }

  public void setProviderJars(String providerJars) {
    this.providerJars = providerJars;
  }

  public String getWaitStrategy() {
    return waitStrategy;
  }

  public void setWaitStrategy(String waitStrategy) {
    this.waitStrategy = waitStrategy;
  }
}
