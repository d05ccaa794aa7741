import { fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { Checkbox } from "./Checkbox.js";

describe("Checkbox", () => {
  it("is a labelled native checkbox linked to its description and error list", () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <Checkbox
        ref={ref}
        id="terms_accepted"
        name="terms_accepted"
        value="true"
        label={
          <>
            Jag godkänner <a href="/integritetspolicy/">integritetspolicyn</a>
          </>
        }
        description="Läs hur vi hanterar dina uppgifter."
        errors={["Du måste godkänna integritetspolicyn"]}
      />,
    );
    const box = screen.getByRole("checkbox", { name: "Jag godkänner integritetspolicyn" });
    expect(box).toBe(ref.current);
    expect(box.getAttribute("name")).toBe("terms_accepted");
    expect(box.getAttribute("value")).toBe("true");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toBe(
      "terms_accepted-description terms_accepted-errors",
    );
    const errors = screen.getByRole("alert");
    expect(errors.querySelector("ul > li")).not.toBeNull();
    expect(errors.id).toBe("terms_accepted-errors");
    expect(errors.textContent).toBe("Du måste godkänna integritetspolicyn");
    expect(screen.getByRole("link", { name: "integritetspolicyn" }).getAttribute("href")).toBe(
      "/integritetspolicy/",
    );
  });

  it("leaves a valid checkbox unmarked and passes checked, onChange and disabled", () => {
    const onChange = vi.fn();
    render(
      <Checkbox
        id="allow_email"
        name="allow_email_notifications"
        label="E-post"
        checked={false}
        onChange={onChange}
        errors={[]}
      />,
    );
    const box = screen.getByRole("checkbox", { name: "E-post" }) as HTMLInputElement;
    expect(box.hasAttribute("aria-invalid")).toBe(false);
    expect(box.hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledTimes(1);

    render(
      <Checkbox
        id="allow_postal"
        name="allow_postal_notifications"
        label="Post"
        defaultChecked
        disabled
      />,
    );
    const disabled = screen.getByRole("checkbox", { name: "Post" }) as HTMLInputElement;
    expect(disabled.checked).toBe(true);
    expect(disabled.disabled).toBe(true);
  });

  it("is submitted with the form when ticked", () => {
    render(
      <form data-testid="form">
        <Checkbox
          id="same"
          name="same_as_billing"
          label="Samma som faktureringsadress"
          defaultChecked
        />
      </form>,
    );
    const data = new FormData(screen.getByTestId("form") as HTMLFormElement);
    expect(data.get("same_as_billing")).toBe("on");
  });
});
