package io.loadlab.campaign.file;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Password files named by step, client and service options (those their descriptions call {@link
 * OptionSpec.Type#PASSWORD_FILE}: {@code password-file}, {@code trust-store-password-file}, {@code
 * tls-keystore-password-file}): each must be readable on the campaign machine when the campaign is
 * planned, as every run reads it (or gets a copy of it) there. A command that takes its password
 * from an environment variable instead needs no file.
 */
public final class PasswordFiles {
  private PasswordFiles() {}

  /**
   * Checks the password files among {@code opts} (field {@code f}), in every configuration that
   * fills in their {@code ${vars}}.
   *
   * @param where the file a value names, as the run opens it
   */
  public static void check(
      ValidationProblems problems,
      String f,
      Map<String, String> opts,
      OptionTable options,
      List<Campaign.Configuration> configurations,
      Function<String, Path> where) {
    opts.forEach(
        (key, value) -> {
          OptionSpec spec = options.get(key);
          if (spec == null || spec.type() != OptionSpec.Type.PASSWORD_FILE || value.isEmpty()) {
            return;
          }
          for (Campaign.Configuration c : configurations) {
            String v = CampaignVars.substituteOrSelf(value, c);
            if (v.contains("${")) {
              continue; // an unknown var: reported with the command line
            }
            Path file = where.apply(v);
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
              problems.problem(
                  f + "." + key,
                  "'"
                      + v
                      + "' cannot be read ("
                      + file
                      + (Files.exists(file) ? " is not a readable file" : " does not exist")
                      + "); create it (its first line is the password)"
                      + (spec.env() == null ? "" : ", or remove the option and set " + spec.env()));
            }
          }
        });
  }
}
