package io.loadlab.core.ds2;

/**
 * A customer row as DS2 defines it (CUSTOMERS without the id), used for new-customer registrations
 * and by the data generator.
 */
public record Ds2Customer(
    String firstName,
    String lastName,
    String address1,
    String address2,
    String city,
    String state,
    String zip,
    String country,
    int region,
    String email,
    String phone,
    int creditCardType,
    String creditCard,
    String creditCardExpiration,
    String username,
    String password,
    int age,
    int income,
    String gender) {}
