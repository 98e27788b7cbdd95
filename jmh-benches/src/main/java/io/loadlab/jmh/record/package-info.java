/** Benchmarks of recording into the shared recorder. */
package io.loadlab.jmh.record;
