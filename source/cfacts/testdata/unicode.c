/* é ü — comments with UTF-8 */
const char *greet = "héllo";
int ünïcode_free(int a) { /* 日本 */ return a + 1; }
