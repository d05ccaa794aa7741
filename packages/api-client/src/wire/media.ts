/**
 * Wire shapes of company media (C§3 company file, C§7 media calls): a company's print files, the
 * uploads (base64 JSON and multipart), a file's details, its removal, and the EPS converter.
 * Paths and choices are in the platform's API.md, "Company media".
 */

/** C§3: a company file's logo type. */
export type CompanyFileLogoType = "primary" | "secondary" | "alternative";

/** C§3 `custom_fields` of a company file. */
export interface CompanyFileCustomFields {
  /** On a converted vector file: the URL of its PNG preview. */
  preview_url?: string;
  /** On a PNG preview: the id of the file it was drawn from. */
  preview_for?: string;
  /** True: not listed on the print files card (C§5). */
  hide?: boolean;
}

/** C§3 company file. */
export interface CompanyFile {
  id: string;
  filename: string;
  /**
   * Where the file is read, absolute. On the Kassa platform a signed URL that expires (API.md);
   * add `download=1` to its query for `Content-Disposition: attachment`.
   */
  url: string;
  /** Bytes. */
  size: number;
  description: string;
  logoType: CompanyFileLogoType;
  custom_fields: CompanyFileCustomFields;
  companyId: string;
  /** The content type the file is served with, found from its content (not its name). */
  mimeType: string;
  /** ISO 8601. */
  createdAt: string;
}

/** `GET /api/company-media/`: whose files, and which page of them (C§9: 200 a page). */
export interface CompanyFilesQuery {
  /** One company; without it, every company the user is a member of. */
  companyId?: string;
  /** From 1. @default 1 */
  page?: number;
  /** 1–200. @default 200 */
  per_page?: number;
}

/** C§7 company files query: each company with its files, oldest first. */
export interface CompanyFiles {
  companies: { id: string; files: CompanyFile[] }[];
  page: number;
  per_page: number;
}

/** `POST /api/company-media/` as JSON (C§7): one file, base64-encoded. */
export interface CompanyMediaUploadPayload {
  companyId: string;
  filename: string;
  /** The file's bytes in base64 (a `data:` URL prefix is accepted). */
  base64: string;
  description?: string;
  /** Default: C§5's rule, primary for the company's first file, secondary after. */
  logoType?: CompanyFileLogoType;
  custom_fields?: Pick<CompanyFileCustomFields, "hide">;
}

/**
 * A stored upload: `file` is the (first) uploaded file, `files` everything stored, a vector
 * file's PNG preview included (C§4: both the original and the converted file are kept).
 */
export interface CompanyMediaUploaded {
  success: true;
  file: CompanyFile;
  files: CompanyFile[];
}

/** Why one file of an upload was refused (the codes of `@kassa/domain`'s upload rules). */
export interface CompanyFileRejection {
  filename: string;
  problem:
    | "too_many"
    | "too_large"
    | "type_not_supported"
    | "already_uploaded"
    | "unreadable"
    | "conversion_failed";
  /** The rule's English text. */
  message: string;
}

/**
 * A refused upload: the platform error body (C§3) with `error: 'Upload failed'` and each refused
 * file in `files`. Nothing of a refused upload is stored.
 */
export interface CompanyMediaUploadFailure {
  error: string;
  message: string;
  statusCode: number;
  requestId?: string;
  errors: string[];
  files: CompanyFileRejection[];
}

/** `PUT /api/company-media/` (C§7): the file is the company's file of that name. */
export interface CompanyMediaUpdatePayload {
  companyId: string;
  filename: string;
  logoType?: CompanyFileLogoType;
  description?: string;
}

export interface CompanyMediaUpdated {
  success: true;
  file: CompanyFile;
}

/** `DELETE /api/company-media/{id}` (C§7): the ids removed, a vector file's preview included. */
export interface CompanyMediaDeleted {
  success: true;
  deleted: string[];
}
