import { fireEvent, render, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { type MarketOption, MarketSelector } from "./MarketSelector.js";

const SE: MarketOption = { country: "SE", name: "Sverige", currency: "SEK", language: "sv" };
const FI: MarketOption = { country: "FI", name: "Suomi", currency: "EUR", language: "fi" };

/** Stands in for Remix's `Form`. */
function RemixForm(props: ComponentProps<"form">) {
  return <form data-remix="" {...props} />;
}

function renderSelector(props: Partial<ComponentProps<typeof MarketSelector>> = {}) {
  return render(
    <MarketSelector
      label="Marknad"
      current={SE}
      options={[SE, FI]}
      form={{ action: "/market", hiddenFields: { redirectTo: "/produkt/jacka" } }}
      submitLabel="Byt till"
      selectedLabel="vald"
      {...props}
    />,
  );
}

describe("MarketSelector", () => {
  it("is a details dropdown whose summary shows the current market", () => {
    const { container } = renderSelector();
    const summary = container.querySelector("details > summary");
    expect(summary?.textContent).toBe("Marknad: SverigeSEK · SV");
  });

  it("when compact, leaves the closed summary's currency and language to wider screens", () => {
    const { container } = renderSelector({ compact: true });
    const codes = container.querySelector("details > summary .tabular-nums");
    expect(codes?.className).toContain("max-sm:hidden");
    const listCodes = container.querySelector("details li .tabular-nums");
    expect(listCodes?.className).not.toContain("max-sm:hidden");
  });

  it("has one form with one submit button per market and the tick on the current one", () => {
    const { container } = renderSelector();
    const forms = container.querySelectorAll("form");
    expect(forms.length).toBe(1);
    const form = forms[0]!;
    expect(form.getAttribute("action")).toBe("/market");
    expect(form.getAttribute("method")).toBe("post");
    expect(
      form.querySelector('input[type="hidden"][name="redirectTo"]')?.getAttribute("value"),
    ).toBe("/produkt/jacka");

    const buttons = within(form).getAllByRole("button", { hidden: true });
    expect(buttons.length).toBe(2);
    for (const button of buttons) {
      expect(button.getAttribute("type")).toBe("submit");
      expect(button.getAttribute("name")).toBe("market");
    }
    const [sweden, finland] = buttons;
    expect(sweden?.getAttribute("value")).toBe("SE");
    expect(sweden?.getAttribute("aria-current")).toBe("true");
    expect(sweden?.querySelector("svg")).not.toBeNull();
    expect(sweden?.textContent).toBe("SverigeSEK · SVvald");

    expect(finland?.getAttribute("value")).toBe("FI");
    expect(finland?.hasAttribute("aria-current")).toBe(false);
    expect(finland?.querySelector("svg")).toBeNull();
    expect(finland?.textContent).toBe("Byt till SuomiEUR · FI");
  });

  it("uses the given form component and method", () => {
    const { container } = renderSelector({
      formComponent: RemixForm,
      form: { action: "/m", method: "get" },
    });
    const form = container.querySelector("form[data-remix]");
    expect(form?.getAttribute("action")).toBe("/m");
    expect(form?.getAttribute("method")).toBe("get");
  });

  it("closes when a market is chosen or on Escape", () => {
    const { container } = renderSelector();
    const details = container.querySelector("details")!;
    details.setAttribute("open", "");
    fireEvent.keyDown(details, { key: "Escape" });
    expect(details.hasAttribute("open")).toBe(false);

    details.setAttribute("open", "");
    const form = container.querySelector("form")!;
    form.addEventListener("submit", (event) => event.preventDefault());
    fireEvent.click(within(form).getAllByRole("button")[1]!);
    expect(details.hasAttribute("open")).toBe(false);
  });
});
