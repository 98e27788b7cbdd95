/**
 * The campaign engine: a whole experiment (configurations x steps x sweeps x iterations) from one
 * file. Its API for front-ends: {@link io.loadlab.campaign.Campaigns#read} reads and checks a
 * campaign file, {@link io.loadlab.campaign.plan.CampaignPlan} describes it, {@link
 * io.loadlab.campaign.run.CampaignRunner} runs and resumes it, {@link
 * io.loadlab.campaign.report.CampaignReport} writes its report. The front-end that runs the steps'
 * commands provides {@link io.loadlab.campaign.StepCommands}. Above core and the provisioner, below
 * the command line (docs/development.md).
 */
package io.loadlab.campaign;
