/** Benchmarks of the DS2 transactions against an embedded or named database. */
package io.loadlab.jmh.ds2;
