/**
 * loadlab's JMeter plugin: what every element shares. Config elements extend {@link
 * io.loadlab.jmeter.ConfigBase} and publish a named handle ({@link io.loadlab.jmeter.Handles});
 * samplers extend {@link io.loadlab.jmeter.SamplerBase} and fill a {@link
 * io.loadlab.jmeter.TimedResult}. The workloads live in the sub-packages and call the drivers in
 * loadlab's core.
 */
package io.loadlab.jmeter;
