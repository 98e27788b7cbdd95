/**
 * Plan, apply, status and teardown of a whole testbed, and its description for recording with
 * results.
 */
package io.loadlab.provision.plan;
