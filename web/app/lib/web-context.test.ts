import { describe, expect, it } from 'vitest';
import { makeWebContext } from '../test/render';
import { pageWebContext } from './page-web-context';
import { WEB_CONTEXT_ELEMENT_ID, webContextInThisPage, webContextScriptText } from './web-context';

describe('the web context a page carries in its own script element', () => {
  it('is written so that nothing in it can end the element, and read back as it was', () => {
    const web = makeWebContext({ settings: { name: 'Date </script><script>alert(1)</script> <!-- club' } });
    const text = webContextScriptText(pageWebContext('/', web));
    expect(text).not.toMatch(/<\/script|<!--/i);

    const element = document.createElement('script');
    element.id = WEB_CONTEXT_ELEMENT_ID;
    element.type = 'application/json';
    element.innerHTML = text;
    document.body.append(element);
    const read = webContextInThisPage();
    expect(read?.web.settings.name).toBe('Date </script><script>alert(1)</script> <!-- club');
    expect(read?.text).toBe(text);
    // Read once: every later reader gets the same object.
    expect(webContextInThisPage()?.web).toBe(read?.web);
  });
});
