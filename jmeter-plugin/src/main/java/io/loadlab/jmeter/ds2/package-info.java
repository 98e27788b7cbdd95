/** DVD Store 2 elements over loadlab's DS2 transactions: a database config and five samplers. */
package io.loadlab.jmeter.ds2;
