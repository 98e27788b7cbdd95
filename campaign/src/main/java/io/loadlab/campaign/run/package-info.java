/**
 * Running a campaign: the runner, resume and retry, the lock on its directory, child processes,
 * services and their readiness, and step executors, local and over SSH.
 */
package io.loadlab.campaign.run;
