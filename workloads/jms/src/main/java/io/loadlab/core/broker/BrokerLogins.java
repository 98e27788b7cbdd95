package io.loadlab.core.broker;

import java.util.Map;
import java.util.Set;
import org.apache.activemq.artemis.core.security.CheckType;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.spi.core.security.ActiveMQSecurityManager;

/**
 * The users of a broker that requires a login (name to password): each may do anything once logged
 * in, including management; anyone else, anonymous logins included, is refused.
 */
record BrokerLogins(Map<String, String> passwords) implements ActiveMQSecurityManager {
  @Override
  public boolean validateUser(String user, String password) {
    return user != null && password != null && password.equals(passwords.get(user));
  }

  @Override
  public boolean validateUserAndRole(
      String user, String password, Set<Role> roles, CheckType checkType) {
    return validateUser(user, password);
  }

  @Override
  public String toString() {
    return "BrokerLogins" + passwords.keySet();
  }
}
