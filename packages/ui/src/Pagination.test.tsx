import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Pagination } from "./Pagination.js";

const labels = {
  previous: "Föregående",
  next: "Nästa",
  page: (page: number, total: number) => `Sida ${page} av ${total}`,
  nav: "Sidnavigering",
};
const hrefForPage = (page: number) => `/kategori/jackor?page=${page}`;

describe("Pagination", () => {
  it("renders plain links with the current page marked", () => {
    render(<Pagination page={5} totalPages={10} hrefForPage={hrefForPage} labels={labels} />);
    const nav = screen.getByRole("navigation", { name: "Sidnavigering" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Föregående",
      "1",
      "4",
      "5",
      "6",
      "10",
      "Nästa",
    ]);

    const current = within(nav).getByRole("link", { name: "Sida 5 av 10" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.getAttribute("href")).toBe("/kategori/jackor?page=5");
    expect(
      within(nav).getByRole("link", { name: "Sida 4 av 10" }).hasAttribute("aria-current"),
    ).toBe(false);

    expect(within(nav).getByRole("link", { name: "Föregående" }).getAttribute("href")).toBe(
      "/kategori/jackor?page=4",
    );
    expect(within(nav).getByRole("link", { name: "Nästa" }).getAttribute("rel")).toBe("next");
  });

  it("disables previous on the first page", () => {
    render(<Pagination page={1} totalPages={3} hrefForPage={hrefForPage} labels={labels} />);
    const previous = screen.getByRole("link", { name: "Föregående" });
    expect(previous.getAttribute("aria-disabled")).toBe("true");
    expect(previous.hasAttribute("href")).toBe(false);
    expect(screen.getByRole("link", { name: "Sida 1 av 3" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("shows only Previous, 'Sida x av y' and Next when compact", () => {
    render(
      <Pagination page={2} totalPages={4} hrefForPage={hrefForPage} labels={labels} compact />,
    );
    const nav = screen.getByRole("navigation", { name: "Sidnavigering" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Föregående", "Nästa"]);
    expect(within(nav).getByText("Sida 2 av 4").tagName).toBe("LI");
    expect(within(nav).getByRole("link", { name: "Nästa" }).getAttribute("href")).toBe(
      "/kategori/jackor?page=3",
    );
  });

  it("renders nothing for a single page", () => {
    const { container } = render(
      <Pagination page={1} totalPages={1} hrefForPage={hrefForPage} labels={labels} />,
    );
    expect(container.innerHTML).toBe("");
  });
});
