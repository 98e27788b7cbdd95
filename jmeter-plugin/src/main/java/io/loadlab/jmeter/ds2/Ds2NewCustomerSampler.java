package io.loadlab.jmeter.ds2;

import io.loadlab.core.ds2.Ds2NewCustomerResult;
import io.loadlab.core.ds2.Ds2RandomData;
import io.loadlab.jmeter.TimedResult;
import java.sql.SQLException;

/**
 * DS2 New Customer sampler: registers a customer with random details. A blank user name picks a
 * random new one; a name already taken fails the sample with SQLSTATE 23505 (unique violation),
 * nothing being inserted.
 */
public class Ds2NewCustomerSampler extends Ds2SamplerBase {
  private static final long serialVersionUID = 1L;

  private String username = "";

  @Override
  protected void sample(TimedResult result) throws Exception {
    withConnection(
        result,
        (tx, size, rng) -> {
          String name =
              username == null || username.isBlank()
                  ? "newuser" + Long.toUnsignedString(rng.nextLong(), 36)
                  : username.strip();
          Ds2NewCustomerResult r =
              tx.newCustomer(Ds2RandomData.customer(rng, rng.nextBoolean(), name, "password"));
          if (!r.created()) {
            throw new SQLException("username " + name + " is taken", "23505");
          }
          return "customer " + r.customerId();
        });
  }

  public String getUsername() {
    return username;
  }

  public void setUsername(String username) {
    this.username = username;
  }
}
