import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompaniesClient, isCompanyUserListRefused } from "./companies.js";
import { HttpError, UnexpectedError } from "./errors.js";
import { startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client() {
  return createCompaniesClient({
    baseUrl: server.baseUrl,
    accessToken: "access-1",
    sleep: async () => {},
  });
}

const lastSent = () => {
  const request = server.requests.at(-1)!;
  return { ...request, json: request.body ? JSON.parse(request.body) : undefined };
};

const list = { companies: [], page: 2, total: 35, total_pages: 4 };

describe("createCompaniesClient (A§7 company calls)", () => {
  it("lists companies with the user's token and the query", async () => {
    server.on("GET", "/enad/companies/?page=2&per_page=10&search=nord", { json: list });
    await expect(
      client().listCompanies({ page: 2, per_page: 10, search: "nord" }),
    ).resolves.toEqual(list);
    expect(lastSent().headers.authorization).toBe("Bearer access-1");
  });

  it("reads one company, and throws a 404 for one the user may not see", async () => {
    server.on("GET", "/enad/companies/org%2F1/", {
      status: 404,
      json: { details: "company not found" },
    });
    await expect(client().getCompany("org/1")).rejects.toBeInstanceOf(HttpError);
  });

  it("puts the company form and answers the company, or the refusal as a value", async () => {
    const company = { id: "c1", name: "Nordtrade AB" };
    server.on(
      "PUT",
      "/enad/companies/c1/",
      { json: { company } },
      {
        status: 400,
        json: {
          error: "BAD_REQUEST",
          message: "The request body is invalid",
          errors: ["contact_name: Contact name must be at least 2 characters"],
        },
      },
    );
    const payload = {
      billing_addresses: [],
      shipping_addresses: [],
      contact_name: "A",
      email: "info@nordtrade.test",
      name: "Nordtrade AB",
      organisation_number: "5566778899",
      phone: "+46812345600",
      tax_id_vat_number: "SE556677889901",
    };
    await expect(client().updateCompany("c1", payload)).resolves.toEqual({ ok: true, company });
    expect(lastSent()).toMatchObject({ method: "PUT", json: payload });
    await expect(client().updateCompany("c1", payload)).resolves.toEqual({
      ok: false,
      status: 400,
      message: "The request body is invalid",
      errors: ["contact_name: Contact name must be at least 2 characters"],
    });
  });

  it("counts an update as saved only when the answer holds a company with an id (A§7)", async () => {
    server.on(
      "PUT",
      "/enad/companies/c1/",
      { json: {} },
      { json: { company: { name: "Nordtrade AB" } } },
      { json: { company: { id: "", name: "Nordtrade AB" } } },
    );
    const payload = {
      billing_addresses: [],
      shipping_addresses: [],
      contact_name: "Anna",
      email: "info@nordtrade.test",
      name: "Nordtrade AB",
      organisation_number: "5566778899",
      phone: "+46812345600",
      tax_id_vat_number: "SE556677889901",
    };
    for (let answer = 0; answer < 3; answer += 1) {
      await expect(client().updateCompany("c1", payload)).rejects.toBeInstanceOf(UnexpectedError);
    }
  });

  it("answers a refused user list as A§3's Unauthorized message", async () => {
    const users = { items: [], page: 1, total_items: 0, total_pages: 0 };
    server.on(
      "GET",
      "/enad/companies/c1/users/?page=1&search=ek",
      { json: users },
      { status: 403, json: { message: "Unauthorized", details: "only admins list users" } },
    );
    const allowed = await client().listCompanyUsers("c1", { page: 1, search: "ek" });
    expect(isCompanyUserListRefused(allowed)).toBe(false);
    const refused = await client().listCompanyUsers("c1", { page: 1, search: "ek" });
    expect(refused).toEqual({ message: "Unauthorized", details: "only admins list users" });
    expect(isCompanyUserListRefused(refused)).toBe(true);
  });

  it("removes a user, and answers a refusal with the server's message", async () => {
    server.on(
      "DELETE",
      "/enad/companies/c1/users/u2/",
      { json: { success: true, message: "User removed" } },
      { status: 400, json: { error: "You cannot remove yourself", statusCode: 400 } },
    );
    await expect(client().removeCompanyUser("c1", "u2")).resolves.toEqual({
      success: true,
      message: "User removed",
    });
    await expect(client().removeCompanyUser("c1", "u2")).resolves.toMatchObject({
      success: false,
      status: 400,
      message: "You cannot remove yourself",
    });
  });

  it("throws on a server failure after the retries instead of answering a value", async () => {
    server.on("DELETE", "/enad/companies/c1/users/u2/", { status: 500, json: { error: "boom" } });
    await expect(client().removeCompanyUser("c1", "u2")).rejects.toThrow();
  });
});
