/**
 * Process placement: the priority ({@code nice -n}) and the CPUs and NUMA memory ({@code numactl})
 * a started process runs with, shared by testbed roles and campaign clients.
 */
package io.loadlab.provision.placement;
