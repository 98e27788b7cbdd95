/**
 * JUnit XML for CI servers (Jenkins' JUnit plugin, GitLab's {@code artifacts:reports:junit}, GitHub
 * test-report actions): a run's status, rate checks and criteria as test cases, written with the
 * JDK's XML API in the Ant layout those tools read.
 */
package io.loadlab.core.junit;
