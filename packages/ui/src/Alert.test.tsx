import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Alert } from "./Alert.js";

describe("Alert", () => {
  it("announces errors at once with role alert", () => {
    render(
      <Alert variant="error" title="Slut i lager">
        Varan finns inte längre i lager.
      </Alert>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("Slut i lagerVaran finns inte längre i lager.");
    expect(alert.className).toContain("bg-red-50");
  });

  it("uses role status for success and info, unless told otherwise", () => {
    render(
      <>
        <Alert variant="success" title="Sparat" />
        <Alert variant="info" role="alert">
          Obs
        </Alert>
      </>,
    );
    expect(screen.getByRole("status").textContent).toBe("Sparat");
    expect(screen.getByRole("alert").textContent).toBe("Obs");
  });

  it("gives the title as a heading when asked, for a page the alert is about", () => {
    render(<Alert variant="error" title="Tjänsten svarar inte" heading="h1" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Tjänsten svarar inte");
    render(<Alert variant="info" title="Obs" />);
    expect(screen.queryAllByRole("heading")).toHaveLength(1);
  });
});
