import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "~/modules/http/config.server";

/**
 * A§1: every gated interface feature is switched by a setting, not a role. Each switch is tried
 * both ways through the loader that feeds the screen.
 */
const original = { ...process.env };

function withSettings(settings: Record<string, string>) {
  process.env = { ...original, ...settings };
  reloadConfig();
}

afterEach(() => {
  process.env = { ...original };
  reloadConfig();
});

const request = (path: string) => new Request(`http://storefront.test${path}`);

async function loginScreen() {
  const { loader } = await import("./login/route");
  return (await loader({ request: request("/login"), params: {}, context: {} })).data;
}

async function signupScreen() {
  const { loader } = await import("./signup");
  return (await loader({ request: request("/signup/"), params: {}, context: {} })) as Awaited<
    ReturnType<typeof loader>
  >;
}

describe("interface settings (A§1)", () => {
  it("the create-account link on the login page", async () => {
    withSettings({ KASSA_SHOW_SIGNUP_LINK: "true" });
    expect((await loginScreen()).showSignupLink).toBe(true);
    withSettings({ KASSA_SHOW_SIGNUP_LINK: "false" });
    expect((await loginScreen()).showSignupLink).toBe(false);
  });

  it("the forgot-password link on the login page", async () => {
    withSettings({ KASSA_SHOW_FORGOT_PASSWORD_LINK: "true" });
    expect((await loginScreen()).showForgotPasswordLink).toBe(true);
    withSettings({ KASSA_SHOW_FORGOT_PASSWORD_LINK: "false" });
    expect((await loginScreen()).showForgotPasswordLink).toBe(false);
  });

  it("the login button on the signup page", async () => {
    withSettings({ KASSA_SHOW_SIGNUP_LOGIN_BUTTON: "true" });
    expect((await signupScreen()).showLoginButton).toBe(true);
    withSettings({ KASSA_SHOW_SIGNUP_LOGIN_BUTTON: "false" });
    expect((await signupScreen()).showLoginButton).toBe(false);
  });

  it("the organisation signup section", async () => {
    withSettings({ KASSA_ORGANISATION_SIGNUP: "true" });
    expect((await signupScreen()).organisationSignup).toBe(true);
    withSettings({ KASSA_ORGANISATION_SIGNUP: "false" });
    expect((await signupScreen()).organisationSignup).toBe(false);
  });

  it("the notification checkboxes", async () => {
    withSettings({ KASSA_NOTIFICATION_CHOICES: "email,sms,postal" });
    expect((await signupScreen()).notificationChoices).toEqual(["email", "sms", "postal"]);
    withSettings({ KASSA_NOTIFICATION_CHOICES: "postal" });
    expect((await signupScreen()).notificationChoices).toEqual(["postal"]);
    withSettings({ KASSA_NOTIFICATION_CHOICES: "" });
    expect((await signupScreen()).notificationChoices).toEqual([]);
  });

  it("the organisation attribute picker", async () => {
    withSettings({ KASSA_ORGANISATION_ATTRIBUTES: "" });
    expect((await signupScreen()).organisationAttributes).toEqual([]);
    withSettings({ KASSA_ORGANISATION_ATTRIBUTES: "retail=Detaljhandel" });
    expect((await signupScreen()).organisationAttributes).toEqual([
      { id: "retail", label: "Detaljhandel" },
    ]);
  });

  it("the country picker, only with allowed countries", async () => {
    withSettings({ KASSA_SIGNUP_COUNTRIES: "SE,FI" });
    const withPicker = await signupScreen();
    expect(withPicker.showCountryPicker).toBe(true);
    expect(withPicker.countries.map((country) => country.code)).toEqual(["SE", "FI"]);
    expect(withPicker.countries[1]?.name).toBe("Finland");
    withSettings({ KASSA_SIGNUP_COUNTRIES: "" });
    const without = await signupScreen();
    expect(without.showCountryPicker).toBe(false);
    expect(without.defaultCountry).toBe("SE");
  });
});
