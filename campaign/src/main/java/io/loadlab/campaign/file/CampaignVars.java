package io.loadlab.campaign.file;

import io.loadlab.core.failure.UsageException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${var}} in step and service options, filled in from a configuration's vars (and {@code
 * ${configuration}}, its name), so one step serves every configuration of a campaign.
 */
public final class CampaignVars {
  private static final Pattern VAR = Pattern.compile("\\$\\{([^}]*)}");

  private CampaignVars() {}

  /** Fills in {@code ${var}} from the configuration's vars; unknown names are usage errors. */
  public static String substitute(String value, Campaign.Configuration c) {
    Matcher m = VAR.matcher(value);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String key = m.group(1).trim();
      String v = key.equals("configuration") ? c.name() : c.vars().get(key);
      if (v == null) {
        throw new UsageException(
            "${"
                + key
                + "} is not a var of configuration "
                + c.name()
                + "; add it to configurations[].vars (it has "
                + c.vars().keySet()
                + ")");
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(v));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /**
   * As {@link #substitute}, but an unknown var leaves the value as written (reported elsewhere).
   */
  public static String substituteOrSelf(String value, Campaign.Configuration c) {
    try {
      return substitute(value, c);
    } catch (UsageException e) {
      return value; // reported with the step's command line
    }
  }
}
