package io.loadlab.jmeter.net;

import io.loadlab.core.net.NetProtocol;
import io.loadlab.core.net.UdpConnection;
import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link NetworkTarget}. */
public class NetworkTargetBeanInfo extends BeanInfoBase {
  public NetworkTargetBeanInfo() {
    super(NetworkTarget.class);
    createPropertyGroup("variable", new String[] {"variableName"});
    createPropertyGroup(
        "target", new String[] {"host", "port", "noDelay", "connectTimeoutMs", "udpTimeoutMs"});
    text("variableName", "net");
    text("host", "127.0.0.1");
    number("port", NetProtocol.DEFAULT_PORT);
    flag("noDelay", true);
    number("connectTimeoutMs", 5000);
    number("udpTimeoutMs", (int) UdpConnection.DEFAULT_TIMEOUT.toMillis());
  }
}
