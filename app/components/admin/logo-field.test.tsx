import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LogoField } from "./logo-field";

// The markup the server sends: what a keyboard or screen-reader user meets before any script runs.

describe("LogoField", () => {
  it("is a labelled URL input submitted under the form's name, and a labelled file input that is not", () => {
    const html = renderToString(
      <LogoField id="tool-image" name="image" value="/uploads/tool-logos/a.webp" onChange={() => undefined} />,
    );
    expect(html).toMatch(/<label[^>]*for="tool-image"[^>]*>Logo URL<\/label>/);
    expect(html).toMatch(/<input[^>]*id="tool-image"[^>]*name="image"[^>]*value="\/uploads\/tool-logos\/a.webp"/);
    expect(html).toMatch(/<label[^>]*for="tool-image-file"[^>]*>Upload logo<\/label>/);
    const fileInput = /<input[^>]*type="file"[^>]*>/.exec(html)?.[0] ?? "";
    expect(fileInput).toContain('id="tool-image-file"');
    expect(fileInput).toContain('accept="image/jpeg,image/png,image/webp"');
    expect(fileInput).not.toMatch(/\sname=/);
    expect(fileInput).not.toMatch(/\sdisabled[=\s/>]/);
  });

  it("previews the current logo in a fixed box", () => {
    const html = renderToString(
      <LogoField id="logo" name="image" value="https://cdn.example.org/a.webp" onChange={() => undefined} />,
    );
    expect(html).toMatch(
      /<img[^>]*src="https:\/\/cdn.example.org\/a.webp"[^>]*alt="Logo preview"[^>]*width="64"[^>]*height="64"/,
    );
    expect(html).toContain("width:64px;height:64px");
  });

  it("shows a placeholder, not a broken image, without a URL", () => {
    const html = renderToString(<LogoField id="logo" name="image" value="" onChange={() => undefined} />);
    expect(html).not.toContain("<img");
  });

  it("ties the form's error to the URL input", () => {
    const html = renderToString(
      <LogoField id="logo" name="image" value="nope" error="Must be a valid URL" onChange={() => undefined} />,
    );
    expect(html).toMatch(/<input[^>]*aria-describedby="logo-error"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/<p id="logo-error"[^>]*>Must be a valid URL<\/p>/);
  });
});
