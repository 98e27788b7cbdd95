/** Plans, actions, the action log and the record of applied changes that teardown undoes. */
package io.loadlab.provision.action;
