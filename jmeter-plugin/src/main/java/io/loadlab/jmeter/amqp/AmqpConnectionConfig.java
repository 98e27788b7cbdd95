package io.loadlab.jmeter.amqp;

import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.BrokerIdentity;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.core.amqp.WaitStrategy;
import io.loadlab.jmeter.ConfigBase;
import io.loadlab.jmeter.Handles;
import org.apache.jmeter.testelement.property.NullProperty;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * AMQP Connection config element: the broker URI (with any Qpid JMS options), the user, and the
 * name of the JMeter property that holds the password, so the password is never saved in the plan.
 * Like the JDBC Connection Configuration it offers one connection per thread (the default) or one
 * connection shared by all threads; every thread works through its own session either way. For the
 * highest publish rate: presettled, TCP_NODELAY off and the progressive wait strategy.
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

  private transient AmqpHandle handle;

  @Override
  protected void open() {
    String property = passwordProperty == null ? "" : passwordProperty.strip();
    AmqpConnectionSettings.Builder b =
        AmqpConnectionSettings.builder(brokerUri)
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
    if (named.isEmpty() || named.equalsIgnoreCase("auto")) {
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

  public String getWaitStrategy() {
    return waitStrategy;
  }

  public void setWaitStrategy(String waitStrategy) {
    this.waitStrategy = waitStrategy;
  }
}
