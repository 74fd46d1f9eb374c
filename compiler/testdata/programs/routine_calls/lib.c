/* The definitions main.c calls. */
static const float k = 2.0f;

#pragma acc routine seq
float level(float v)
{
	return v + 1;
}

float plain(float v)
{
	return v * 2;
}

#pragma acc routine seq
float deep(float v)
{
	return v > 1 ? deep(v / 2) : v;
}

#pragma acc routine seq
float scaled(float v)
{
	return v * k;
}
