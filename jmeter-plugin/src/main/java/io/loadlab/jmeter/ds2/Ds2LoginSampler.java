package io.loadlab.jmeter.ds2;

import io.loadlab.core.ds2.Ds2LoginResult;
import io.loadlab.jmeter.TimedResult;
import java.sql.SQLException;

/**
 * DS2 Login sampler: logs a customer in and lists their previous purchases. A blank user name picks
 * a random existing customer ({@code user1..userN} of the database size). An unknown customer fails
 * the sample with SQLSTATE 02000 (no data).
 */
public class Ds2LoginSampler extends Ds2SamplerBase {
  private static final long serialVersionUID = 1L;

  private String username = "";
  private String password = "password";

  @Override
  protected void sample(TimedResult result) throws Exception {
    withConnection(
        result,
        (tx, size, rng) -> {
          String user =
              username == null || username.isBlank()
                  ? "user" + (1 + rng.nextInt(size.customers()))
                  : username.strip();
          Ds2LoginResult r = tx.login(user, password);
          if (!r.found()) {
            throw new SQLException("no customer " + user + " with that password", "02000");
          }
          return "customer " + r.customerId() + ", " + r.historyRows() + " history rows";
        });
  }

  public String getUsername() {
    return username;
  }

  public void setUsername(String username) {
    this.username = username;
  }

  public String getPassword() {
    return password;
  }

  public void setPassword(String password) {
    this.password = password;
  }
}
