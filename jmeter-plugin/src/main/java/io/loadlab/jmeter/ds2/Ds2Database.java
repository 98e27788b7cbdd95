package io.loadlab.jmeter.ds2;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.jmeter.ConfigBase;
import io.loadlab.jmeter.Handles;
import org.apache.jmeter.util.JMeterUtils;

/**
 * DS2 Database config element: the JDBC URL of a loaded DS2 database, the user, the name of the
 * JMeter property holding the password, the pool size and the database size (so samplers draw
 * customers and products from its id ranges). Pool size 0 gives every thread a connection of its
 * own, as JMeter's JDBC Connection Configuration does; a larger pool is shared by all threads and a
 * sample's connect time is the wait to borrow from it.
 */
public class Ds2Database extends ConfigBase {
  private static final long serialVersionUID = 1L;

  static final String KIND = "DS2 Database";

  private String variableName = "ds2";
  private String jdbcUrl = "jdbc:postgresql://127.0.0.1:5432/ds2";
  private String user = "";
  private String passwordProperty = "ds2.password";
  private int poolSize;
  private String databaseSize = "10MB";

  private transient Ds2Handle handle;

  @Override
  protected void open() {
    if (poolSize < 0) {
      throw new IllegalArgumentException(KIND + ": poolSize " + poolSize + " is negative");
    }
    String property = passwordProperty == null ? "" : passwordProperty.strip();
    String password = property.isEmpty() ? null : JMeterUtils.getProperty(property);
    if (password == null) {
      // As the command line: the environment keeps it out of the plan, jmeter.log and ps.
      password = System.getenv("LOADLAB_DB_PASSWORD");
    }
    DatabaseTarget target =
        new DatabaseTarget(
            jdbcUrl.strip(), user == null || user.isBlank() ? null : user.strip(), password);
    handle = new Ds2Handle(target, Ds2Size.parse("databaseSize", databaseSize), poolSize);
    Handles.publish(KIND, variableName, handle);
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

  static Ds2Handle lookup(String name) {
    return Handles.lookup(KIND, name, Ds2Handle.class);
  }

  @Override
  public String getVariableName() {
    return variableName;
  }

  public void setVariableName(String variableName) {
    this.variableName = variableName;
  }

  public String getJdbcUrl() {
    return jdbcUrl;
  }

  public void setJdbcUrl(String jdbcUrl) {
    this.jdbcUrl = jdbcUrl;
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

  public int getPoolSize() {
    return poolSize;
  }

  public void setPoolSize(int poolSize) {
    this.poolSize = poolSize;
  }

  public String getDatabaseSize() {
    return databaseSize;
  }

  public void setDatabaseSize(String databaseSize) {
    this.databaseSize = databaseSize;
  }
}
