package io.loadlab.jmeter.ds2;

import io.loadlab.jmeter.BeanInfoBase;

/** GUI descriptors of {@link Ds2Database}. */
public class Ds2DatabaseBeanInfo extends BeanInfoBase {
  public Ds2DatabaseBeanInfo() {
    super(Ds2Database.class);
    createPropertyGroup("variable", new String[] {"variableName"});
    createPropertyGroup("database", new String[] {"jdbcUrl", "user", "passwordProperty"});
    createPropertyGroup("pool", new String[] {"poolSize", "databaseSize"});
    text("variableName", "ds2");
    text("jdbcUrl", "jdbc:postgresql://127.0.0.1:5432/ds2");
    text("user", "");
    text("passwordProperty", "ds2.password");
    number("poolSize", 0);
    text("databaseSize", "10MB");
  }
}
