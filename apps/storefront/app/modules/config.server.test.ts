import { describe, expect, it } from "vitest";
import { readConfig } from "./config.server";

describe("storefront configuration", () => {
  it("has documented defaults", () => {
    const { settings, shopperApiUrl, storeGroupId } = readConfig({});
    expect(shopperApiUrl).toBe("http://localhost:4000");
    expect(storeGroupId).toBe("default");
    expect(settings).toMatchObject({
      showSignupLink: true,
      showForgotPasswordLink: true,
      showSignupLoginButton: true,
      organisationSignup: true,
      notificationChoices: ["email", "sms", "postal"],
      organisationAttributes: [],
      signupCountries: ["SE", "FI"],
      signupUserStatus: "active",
      giftCardsEnabled: false,
    });
  });

  it("switches every interface setting from the environment", () => {
    const { settings } = readConfig({
      KASSA_SHOW_SIGNUP_LINK: "false",
      KASSA_SHOW_FORGOT_PASSWORD_LINK: "0",
      KASSA_SHOW_SIGNUP_LOGIN_BUTTON: "off",
      KASSA_ORGANISATION_SIGNUP: "no",
      KASSA_NOTIFICATION_CHOICES: "email, postal, fax",
      KASSA_ORGANISATION_ATTRIBUTES: "retail=Detaljhandel, industry=Industri",
      KASSA_SIGNUP_COUNTRIES: "",
      KASSA_SIGNUP_USER_STATUS: "pending",
    });
    expect(settings).toMatchObject({
      showSignupLink: false,
      showForgotPasswordLink: false,
      showSignupLoginButton: false,
      organisationSignup: false,
      notificationChoices: ["email", "postal"],
      organisationAttributes: [
        { id: "retail", label: "Detaljhandel" },
        { id: "industry", label: "Industri" },
      ],
      signupCountries: [],
      signupUserStatus: "pending",
    });
  });

  it("refuses a bad value, and production without a secret", () => {
    expect(() => readConfig({ KASSA_SHOW_SIGNUP_LINK: "maybe" })).toThrow(/KASSA_SHOW_SIGNUP_LINK/);
    expect(() => readConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
  });
});
